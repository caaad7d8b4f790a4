/**
 * Public entry of the users feature (issue 18, point 1): what the cabinet screen uses (« mes dossiers »). Everything
 * else in this folder is internal to it.
 */
export { default as MyDossiersFilter } from './MyDossiersFilter.vue'
