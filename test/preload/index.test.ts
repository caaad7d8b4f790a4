import { describe, expect, it, vi } from 'vitest'

import { channelNames, eventMethodName, eventNames } from '../../src-shared/ipc/channels'

const electron = vi.hoisted(() => {
  const exposed: [string, unknown][] = []
  return {
    exposed,
    ipcRenderer: { invoke: vi.fn(), on: vi.fn(), removeListener: vi.fn(), send: vi.fn(), sendSync: vi.fn() },
    contextBridge: {
      exposeInMainWorld: vi.fn((key: string, value: unknown) => {
        exposed.push([key, value])
      }),
    },
  }
})

vi.mock('electron', () => ({ contextBridge: electron.contextBridge, ipcRenderer: electron.ipcRenderer }))

describe('preload entry (src-preload/index.ts)', () => {
  it('exposes window.api, made of the contract’s functions only, and never ipcRenderer', async () => {
    await import('../../src-preload/index')

    expect(electron.exposed.map(([key]) => key)).toEqual(['api'])
    const api = electron.exposed[0]?.[1] as Record<string, unknown>
    expect(Object.keys(api).sort()).toEqual([...channelNames, ...eventNames.map((e) => eventMethodName(e))].sort())
    for (const member of Object.values(api)) {
      expect(member).toBeTypeOf('function')
      expect(member).not.toBe(electron.ipcRenderer)
    }
    expect(Object.values(api)).not.toContain(electron.ipcRenderer.send)
  })
})
