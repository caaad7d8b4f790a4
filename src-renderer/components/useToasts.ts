/**
 * Short confirmations ("Absence enregistrée…") shown in a polite live region (ToastHost.vue). One list for the app;
 * each toast goes away after `durationMs` or when closed.
 */
import { readonly, ref } from 'vue'

export type ToastKind = 'success' | 'error' | 'info'

export interface Toast {
  readonly id: number
  readonly message: string
  readonly kind: ToastKind
}

const toasts = ref<Toast[]>([])
let nextId = 1

/** Removes a toast (no-op when already gone). */
export function dismissToast(id: number): void {
  toasts.value = toasts.value.filter((t) => t.id !== id)
}

/** Shows `message`; errors stay twice as long. Returns the toast's id. */
export function showToast(message: string, kind: ToastKind = 'success', durationMs = 5_000): number {
  const id = nextId++
  toasts.value = [...toasts.value.slice(-4), { id, message, kind }]
  setTimeout(
    () => {
      dismissToast(id)
    },
    kind === 'error' ? durationMs * 2 : durationMs,
  )
  return id
}

/** The toasts, read-only, and the functions to add or remove one. */
export function useToasts() {
  return { toasts: readonly(toasts), showToast, dismissToast }
}
