/**
 * Rows of the endpoint table (../endpoints.ts), one domain: notes and extractions (exports).
 */
import { Extraction, ExtractionCreate, ExtractionListQuery, Note, NoteCreate, NoteListQuery } from '../cabinet'
import { Page } from '../common'
import { paramsOf, type EndpointDef } from '../endpoint-def'

/** Notes and extractions (exports). */
export const NOTE_EXTRACTION_ENDPOINTS = {
  // -- notes and extractions
  listerNotes: {
    method: 'GET',
    path: '/api/notes',
    summary: 'Lister les notes',
    query: NoteListQuery,
    response: Page(Note),
    status: 200,
    category: 'notes',
    auth: true,
    since: '1.1.0',
    provenance: 'path-only',
  },
  creerNote: {
    method: 'POST',
    path: '/api/notes',
    summary: 'Ajouter un commentaire salarié',
    body: NoteCreate,
    response: Note,
    status: 201,
    category: 'notes',
    auth: true,
    since: '1.1.0',
    provenance: 'assumption',
  },
  listerExtractions: {
    method: 'GET',
    path: '/api/extractions',
    summary: 'Lister les extractions',
    query: ExtractionListQuery,
    response: Page(Extraction),
    status: 200,
    category: 'extractions',
    auth: true,
    since: '1.1.0',
    provenance: 'assumption',
  },
  creerExtraction: {
    method: 'POST',
    path: '/api/extractions',
    summary: 'Lancer une extraction',
    body: ExtractionCreate,
    response: Extraction,
    status: 201,
    category: 'extractions',
    auth: true,
    since: '1.1.0',
    provenance: 'assumption',
  },
  lireExtraction: {
    method: 'GET',
    path: '/api/extractions/{id}',
    summary: 'Lire une extraction',
    params: paramsOf('id'),
    response: Extraction,
    status: 200,
    category: 'extractions',
    auth: true,
    since: '1.1.0',
    provenance: 'assumption',
  },
  /** The extraction's file: its table as CSV (assumption #53; 409 EXTRACTION_EN_COURS while it is computed). */
  telechargerExtraction: {
    method: 'GET',
    path: '/api/extractions/{id}/fichier',
    summary: 'Fichier CSV d’une extraction',
    params: paramsOf('id'),
    response: 'csv',
    status: 200,
    category: 'extractions',
    auth: true,
    since: '1.1.0',
    provenance: 'assumption',
  },
} as const satisfies Record<string, EndpointDef>
