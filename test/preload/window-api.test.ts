import { beforeEach, describe, expect, it, vi } from 'vitest'

import { channelNames, eventMethodName, eventNames } from '../../src-shared/ipc/channels'
import type { EventName } from '../../src-shared/ipc/channels'
import type { IpcRendererPort } from '../../src-preload/window-api'
import { createWindowApi } from '../../src-preload/window-api'

type RendererListener = (event: unknown, payload: unknown) => void

/** An ipcRenderer that records invocations and routes `emit(channel, payload)` to its listeners. */
function fakeIpcRenderer() {
  const listeners = new Map<string, Set<RendererListener>>()
  const invoke = vi.fn<(channel: string, ...args: unknown[]) => Promise<unknown>>(() => Promise.resolve({ ok: true, value: 'réponse' }))
  const ipc = {
    invoke,
    on(channel: string, listener: RendererListener) {
      listeners.set(channel, (listeners.get(channel) ?? new Set()).add(listener))
      return ipc
    },
    removeListener(channel: string, listener: RendererListener) {
      listeners.get(channel)?.delete(listener)
      return ipc
    },
  }
  return {
    ipc: ipc as unknown as IpcRendererPort,
    invoke,
    listenerCount: (channel: string) => listeners.get(channel)?.size ?? 0,
    emit(channel: string, payload: unknown) {
      const senderEvent = { sender: ipc, ports: [] }
      for (const listener of listeners.get(channel) ?? []) listener(senderEvent, payload)
    },
  }
}

describe('createWindowApi', () => {
  it('exposes one function per contract channel and nothing else', () => {
    const { ipc } = fakeIpcRenderer()

    const api = createWindowApi(ipc)

    expect(Object.keys(api).sort()).toEqual([...channelNames, ...eventNames.map((e) => eventMethodName(e))].sort())
    for (const member of Object.values(api)) expect(member).toBeTypeOf('function')
    expect(Object.values(api)).not.toContain(ipc)
    expect(Object.isFrozen(api)).toBe(true)
  })

  it('invokes the channel with exactly the input and returns main’s envelope', async () => {
    const fake = fakeIpcRenderer()

    const result = await createWindowApi(fake.ipc)['app:info']({})

    expect(fake.invoke).toHaveBeenCalledExactlyOnceWith('app:info', {})
    expect(result).toEqual({ ok: true, value: 'réponse' })
  })

  describe('events', () => {
    const events = ['sync:changed'] as unknown as readonly EventName[]
    let fake: ReturnType<typeof fakeIpcRenderer>
    let onSyncChanged: (callback: (payload: unknown) => void) => () => void

    beforeEach(() => {
      fake = fakeIpcRenderer()
      const api = createWindowApi(fake.ipc, [], events) as unknown as Record<string, typeof onSyncChanged>
      expect(Object.keys(api)).toEqual(['onSyncChanged'])
      onSyncChanged = api['onSyncChanged']!
    })

    it('passes the payload alone to the callback, never Electron’s event', () => {
      const callback = vi.fn()
      onSyncChanged(callback)

      fake.emit('sync:changed', { enAttente: 3 })

      expect(callback).toHaveBeenCalledExactlyOnceWith({ enAttente: 3 })
    })

    it('stops calling back after unsubscribe, and unsubscribing twice is harmless', () => {
      const callback = vi.fn()
      const unsubscribe = onSyncChanged(callback)

      unsubscribe()
      unsubscribe()
      fake.emit('sync:changed', { enAttente: 1 })

      expect(callback).not.toHaveBeenCalled()
      expect(fake.listenerCount('sync:changed')).toBe(0)
    })

    it('keeps independent subscriptions apart', () => {
      const first = vi.fn()
      const second = vi.fn()
      const unsubscribeFirst = onSyncChanged(first)
      onSyncChanged(second)

      unsubscribeFirst()
      fake.emit('sync:changed', 'x')

      expect(first).not.toHaveBeenCalled()
      expect(second).toHaveBeenCalledOnce()
    })
  })
})
