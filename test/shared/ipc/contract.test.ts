import { describe, expect, it } from 'vitest'

import { channelNames, eventMethodName, eventNames } from '../../../src-shared/ipc/channels'
import { IPC_ERROR_CODES, appInfoSchema, ipcChannels, ipcEvents, ipcResultSchema } from '../../../src-shared/ipc/contract'

const APP_INFO = { version: '0.1.0', demo: true, apiBaseUrl: '', platform: 'linux' }

describe('IPC contract tables', () => {
  it('names exactly the channels of the schema table, each once', () => {
    expect([...channelNames].sort()).toEqual(Object.keys(ipcChannels).sort())
    expect(new Set(channelNames).size).toBe(channelNames.length)
  })

  it('names exactly the events of the payload table, each once', () => {
    expect([...eventNames].sort()).toEqual(Object.keys(ipcEvents).sort())
    expect(new Set(eventNames).size).toBe(eventNames.length)
  })

  it('spells channels domain:action and events domain:changed', () => {
    for (const name of channelNames) expect(name).toMatch(/^[a-z][a-zA-Z0-9]*:[a-z][a-zA-Z0-9]*$/)
    for (const name of eventNames) expect(name).toMatch(/^[a-z][a-zA-Z0-9]*:changed$/)
  })

  it('gives every channel an input and an output schema', () => {
    for (const name of channelNames) {
      expect(typeof ipcChannels[name].input.safeParse).toBe('function')
      expect(typeof ipcChannels[name].output.safeParse).toBe('function')
    }
  })
})

describe('eventMethodName', () => {
  it('turns domain:action into onDomainAction', () => {
    expect(eventMethodName('reference:changed')).toBe('onReferenceChanged')
    expect(eventMethodName('sync:changed')).toBe('onSyncChanged')
  })

  it.each(['changed', 'a:b:c', ':changed', 'sync:'])('refuses the malformed name %j', (name) => {
    expect(() => eventMethodName(name)).toThrow(/invalide/)
  })
})

describe('app:info', () => {
  const { input, output } = ipcChannels['app:info']

  it('takes an empty object and nothing else', () => {
    expect(input.safeParse({}).success).toBe(true)
    expect(input.safeParse({ version: '9' }).success).toBe(false)
    expect(input.safeParse(undefined).success).toBe(false)
    expect(input.safeParse('app').success).toBe(false)
  })

  it('answers version, demo, apiBaseUrl and platform, dropping any other key', () => {
    expect(output.parse({ ...APP_INFO, token: 'secret' })).toEqual(APP_INFO)
    expect(output.safeParse({ ...APP_INFO, demo: 'oui' }).success).toBe(false)
    expect(output.safeParse({ ...APP_INFO, version: '' }).success).toBe(false)
  })
})

describe('ipcResultSchema', () => {
  const schema = ipcResultSchema(appInfoSchema)

  it('accepts a success envelope carrying a valid value', () => {
    expect(schema.parse({ ok: true, value: APP_INFO })).toEqual({ ok: true, value: APP_INFO })
  })

  it('accepts an error envelope with code, French message and optional details', () => {
    const error = { code: IPC_ERROR_CODES.entreeInvalide, message: 'Les données transmises sont invalides.', details: [{ path: ['x'] }] }
    expect(schema.parse({ ok: false, error })).toEqual({ ok: false, error })
  })

  it('refuses envelopes that break the shape', () => {
    expect(schema.safeParse({ ok: true }).success).toBe(false)
    expect(schema.safeParse({ ok: true, value: { version: 1 } }).success).toBe(false)
    expect(schema.safeParse({ ok: false, error: { code: 'X' } }).success).toBe(false)
    expect(schema.safeParse({ value: APP_INFO }).success).toBe(false)
  })
})

describe('IPC_ERROR_CODES', () => {
  it('are distinct SCREAMING_SNAKE_CASE codes', () => {
    const codes = Object.values(IPC_ERROR_CODES)
    expect(new Set(codes).size).toBe(codes.length)
    for (const code of codes) expect(code).toMatch(/^[A-Z]+(_[A-Z]+)*$/)
  })
})
