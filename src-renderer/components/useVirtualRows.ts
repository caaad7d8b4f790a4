/**
 * Rows of a long table kept out of the DOM (issue 19, point 3): above `threshold` rows, only the rows in view of the
 * scrolling element (plus `overscan` each side) are rendered, between two spacer rows standing for the others, so
 * that the table keeps its own layout (columns, sticky headers and row headers) and its ARIA semantics (each shown
 * row keeps its `aria-rowindex`, the table its `aria-rowcount`). At or below `threshold` every row is rendered, as
 * before: small tables keep the browser's find-in-page and need no scrolling logic.
 *
 * Built on @tanstack/vue-virtual. Rows are measured once rendered, by the virtualizer's ResizeObserver after the
 * frame's layout (their real height, the estimate until then); a height of 0 (no layout, e.g. a test DOM) counts as
 * the estimate, a view of height 0 as a view of 900 px.
 */
import { measureElement as measureRow, observeElementRect, useVirtualizer } from '@tanstack/vue-virtual'
import { computed, nextTick } from 'vue'
import type { ComponentPublicInstance, Ref } from 'vue'
import type { Rect, Virtualizer } from '@tanstack/vue-virtual'

/** Options of {@link useVirtualRows}. */
export interface VirtualRowsOptions {
  /** Number of rows of the table (reactive getter). */
  readonly count: () => number
  /** The element that scrolls (overflow: auto); null until mounted. */
  readonly scroller: Ref<HTMLElement | null>
  /** Estimated height of a row, in CSS px. */
  readonly estimate: number
  /** Rows from which the table is virtualised (more than this many). */
  readonly threshold: number
  /** Rows rendered beyond each edge of the view (default 8). */
  readonly overscan?: number
}

/** The rows to render now. */
export interface RowWindow {
  /** Indices of the rows rendered, ascending. */
  readonly indices: readonly number[]
  /** Height of the rows before the first rendered one (spacer), px; 0 when none. */
  readonly before: number
  /** Height of the rows after the last rendered one (spacer), px; 0 when none. */
  readonly after: number
}

/** Height assumed for the view before it is laid out (the first render of a screen), px. */
const INITIAL_VIEW = { width: 1280, height: 900 }

/** Frames waited at most for a row scrolled to to be rendered. */
const REVEAL_FRAMES = 6

function nextFrame(): Promise<void> {
  return new Promise((resolve) => {
    if (typeof requestAnimationFrame === 'function')
      requestAnimationFrame(() => {
        resolve()
      })
    else setTimeout(resolve, 16)
  })
}

/**
 * Rows of a long table rendered by window (see the file comment). A row rendered is registered with the virtualizer's
 * ResizeObserver (`measure`), which reports its real height after the frame's own layout; registering it never reads
 * its height, which would force a layout of the page in the task that rendered it (16–27 ms when a pasted block made the
 * period's records a virtual list: docs/performance.md, "The grid paste's long tasks, named by their frames").
 */
export function useVirtualRows(options: VirtualRowsOptions) {
  /** A row's height as known so far (measured before, else the estimate), read without any layout. */
  function sizeSoFar(element: Element, instance: Virtualizer<HTMLElement, Element>): number {
    const key = instance.options.getItemKey(instance.indexFromElement(element))
    return instance.itemSizeCache.get(key) ?? options.estimate
  }

  const enabled = computed(() => options.count() > options.threshold)
  const virtualizer = useVirtualizer(
    computed(() => ({
      count: enabled.value ? options.count() : 0,
      enabled: enabled.value,
      getScrollElement: () => options.scroller.value,
      estimateSize: () => options.estimate,
      overscan: options.overscan ?? 8,
      initialRect: INITIAL_VIEW,
      // An element without layout (not displayed yet, a test DOM) measures 0 × 0: the assumed view stands for it.
      observeElementRect: (instance: Virtualizer<HTMLElement, Element>, report: (rect: Rect) => void) =>
        observeElementRect(instance, (rect) => {
          report(rect.height === 0 ? INITIAL_VIEW : rect)
        }),
      measureElement: (element: Element, entry: ResizeObserverEntry | undefined, instance: Virtualizer<HTMLElement, Element>) =>
        entry === undefined ? sizeSoFar(element, instance) : measureRow(element, entry, instance) || options.estimate,
    })),
  )

  const window = computed<RowWindow>(() => {
    const count = options.count()
    if (!enabled.value) return { indices: Array.from({ length: count }, (_, i) => i), before: 0, after: 0 }
    const items = virtualizer.value.getVirtualItems()
    const first = items[0]
    const last = items[items.length - 1]
    if (first === undefined || last === undefined) return { indices: [], before: 0, after: 0 }
    return {
      indices: items.map((item) => item.index),
      before: first.start,
      after: Math.max(0, virtualizer.value.getTotalSize() - last.end),
    }
  })

  /** Whether row `index` is rendered now. */
  function rendered(index: number): boolean {
    const indices = window.value.indices
    const first = indices[0]
    const last = indices[indices.length - 1]
    return first !== undefined && last !== undefined && index >= first && index <= last
  }

  /**
   * Brings row `index` into view and waits until it is rendered (at most a few frames).
   * @returns true when the row is rendered
   */
  async function reveal(index: number): Promise<boolean> {
    await nextTick()
    if (!enabled.value) return true
    if (rendered(index)) return true
    virtualizer.value.scrollToIndex(index, { align: 'auto' })
    // The view follows the scroll event; a scroll set by script may report it a frame late (or never, without layout).
    options.scroller.value?.dispatchEvent(new Event('scroll'))
    for (let frame = 0; frame < REVEAL_FRAMES && !rendered(index); frame += 1) {
      await nextFrame()
      await nextTick()
    }
    return rendered(index)
  }

  /** Rows already registered: their heights come from the virtualizer's ResizeObserver. */
  const measured = new WeakSet<Element>()
  /** Rows rendered since the last registration, registered together once the render is done. */
  let toMeasure: Element[] = []

  /**
   * Template ref of a rendered row (`data-index` set to its index; a component whose root element is the row):
   * registers it once, after the render that added it, with the other rows it added; the ResizeObserver then gives its
   * real height. Vue calls a function ref at every render, between its DOM changes.
   */
  function measure(ref: Element | ComponentPublicInstance | null): void {
    // A row may be a component (its root element is the row).
    const element: unknown = ref === null || ref instanceof Element ? ref : ref.$el
    if (!enabled.value || !(element instanceof Element) || measured.has(element)) return
    measured.add(element)
    toMeasure.push(element)
    if (toMeasure.length === 1)
      void nextTick(() => {
        const rows = toMeasure
        toMeasure = []
        for (const row of rows) if (row.isConnected) virtualizer.value.measureElement(row)
      })
  }

  return { enabled, window, rendered, reveal, measure }
}
