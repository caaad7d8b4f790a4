/**
 * Public entry of the entry feature: the fields of each kind as screens show and edit them (from the kind specs) and
 * their labels and choices, used by the one-entry forms (entry-forms feature). Everything else in this folder is
 * internal to it (eslint.config.js forbids reaching past this file).
 */
export { FIELD_SPECS, fieldsOf, isListField, toFormValue, toPayload } from './fieldSpecs'
export { sameValue } from './compare'
export type { FieldSpec, FormToPayload } from './fieldSpecs'
export { useFieldLabels } from './useFieldLabels'
