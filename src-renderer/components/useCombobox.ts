/**
 * The listbox state and keyboard shared by the editable comboboxes (CodeCombobox.vue, SalarieSelect.vue; WAI-ARIA 1.2
 * combobox with list autocomplete): whether the list is open, which option is active, and the keys every one of them
 * handles the same way. Each component keeps its own extra keys and what choosing means.
 */
import { ref, type Ref } from 'vue'

/** What a combobox tells the shared keyboard about its list. */
export interface ComboboxList {
  /** How many options the list shows now. */
  readonly count: () => number
  /** Opens the list from the keyboard (↓ while closed). */
  readonly openList: () => void
  /**
   * Enter while the list is open, on option `index` (-1 or past the end: none active).
   * @returns whether the key was used (its default is then prevented).
   */
  readonly pick: (index: number) => boolean
  /** Escape while the list is open: closes it (with `close`) and puts back what the field shows when closed. */
  readonly dismiss: () => void
}

/** The state of a combobox's list and the keys they all handle. */
export interface Combobox {
  /** The list is shown (`aria-expanded`). */
  readonly open: Ref<boolean>
  /** Index of the active option (`aria-activedescendant`), -1 for none. */
  readonly active: Ref<number>
  /** Opens the list with option `at` active, kept within the list (-1 when the list is empty). */
  readonly show: (at: number) => void
  /** Closes the list, no option active. */
  readonly close: () => void
  /**
   * The keys shared by all the comboboxes: ↓ opens the list or moves down, ↑ moves up (while open), Enter picks the
   * active option (while open), Escape dismisses the open list. Within the list, ↓ and ↑ stop at its ends.
   * @returns whether the key was handled; the component handles the others (Home, End, Escape while closed…).
   */
  readonly onKeydown: (event: KeyboardEvent) => boolean
}

/** The shared list state and keyboard of a combobox over `list`. */
export function useCombobox(list: ComboboxList): Combobox {
  const open = ref(false)
  const active = ref(-1)

  function show(at: number): void {
    open.value = true
    const n = list.count()
    active.value = n === 0 ? -1 : Math.min(Math.max(at, 0), n - 1)
  }

  function close(): void {
    open.value = false
    active.value = -1
  }

  function onKeydown(event: KeyboardEvent): boolean {
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault()
        if (open.value) show(active.value + 1)
        else list.openList()
        return true
      case 'ArrowUp':
        event.preventDefault()
        if (open.value) show(active.value <= 0 ? 0 : active.value - 1)
        return true
      case 'Enter':
        if (!open.value || !list.pick(active.value)) return false
        event.preventDefault()
        return true
      case 'Escape':
        if (!open.value) return false
        event.preventDefault()
        list.dismiss()
        return true
      default:
        return false
    }
  }

  return { open, active, show, close, onKeydown }
}

/**
 * The combobox attributes of the input (bound with `v-bind`): ARIA 1.2 combobox with list autocomplete, owning list
 * `listId`, active option `activeId` (none: undefined), the browser's own autocomplete and spellcheck off.
 */
export function comboboxInputAttrs(
  open: boolean,
  listId: string,
  activeId: string | undefined,
): Readonly<Record<string, string | boolean | undefined>> {
  return {
    role: 'combobox',
    autocomplete: 'off',
    spellcheck: 'false',
    'aria-autocomplete': 'list',
    'aria-expanded': open,
    'aria-controls': listId,
    'aria-activedescendant': activeId,
  }
}
