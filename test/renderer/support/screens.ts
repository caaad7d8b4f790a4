/**
 * Helpers of the screen tests (component tests with a wired app): the rights `/api/moi` granted, a selector by test id,
 * and waiting for the screen to settle (Dexie answers on its own schedule).
 */
import { flushPromises } from '@vue/test-utils'
import { vi } from 'vitest'

import { useReferenceStore } from '../../../src-renderer/stores/reference'
import type { Categorie } from '../../../src-shared/api/categories'
import type { TestApp } from './mount'

/** The reference cache read, with `droits` as the rights of the credentials. */
export async function withRights(app: TestApp, droits: Categorie[]): Promise<void> {
  const reference = useReferenceStore(app.pinia)
  await reference.load()
  reference.droits = droits
}

/** `[data-testid="<id>"]`. */
export function byTestId(id: string): string {
  return `[data-testid="${id}"]`
}

/** Waits until `check` passes, then lets the pending promises run. */
export async function settled(check: () => void): Promise<void> {
  await vi.waitFor(check)
  await flushPromises()
}
