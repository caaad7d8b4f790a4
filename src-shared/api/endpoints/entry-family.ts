/**
 * The CRUD family of an entry record (list, create, patch, delete), for the entry rows of the endpoint table.
 */
import type { z } from 'zod'

import { Page } from '../common'
import { paramsOf, type EndpointDef } from '../endpoint-def'

/** Builds one CRUD family of an entry record (list, create, patch, delete) under `base`. */
export function entryFamily<R extends z.ZodType, C extends z.ZodType, P extends z.ZodType, Q extends z.ZodType>(o: {
  base: string
  record: R
  create: C
  patch: P
  query: Q
  category: EndpointDef['category']
  since: { list: EndpointDef['since']; create: EndpointDef['since']; patch: EndpointDef['since']; remove: EndpointDef['since'] }
  provenance: {
    list: EndpointDef['provenance']
    create: EndpointDef['provenance']
    patch: EndpointDef['provenance']
    remove: EndpointDef['provenance']
  }
  label: string
}) {
  const idPath = `${o.base}/{id}`
  return {
    list: {
      method: 'GET',
      path: o.base,
      summary: `Lister ${o.label}`,
      query: o.query,
      response: Page(o.record),
      status: 200,
      category: o.category,
      auth: true,
      since: o.since.list,
      provenance: o.provenance.list,
    },
    create: {
      method: 'POST',
      path: o.base,
      summary: `Créer ${o.label}`,
      body: o.create,
      response: o.record,
      status: 201,
      category: o.category,
      auth: true,
      since: o.since.create,
      provenance: o.provenance.create,
    },
    patch: {
      method: 'PATCH',
      path: idPath,
      summary: `Modifier ${o.label}`,
      params: paramsOf('id'),
      body: o.patch,
      response: o.record,
      status: 200,
      category: o.category,
      auth: true,
      since: o.since.patch,
      provenance: o.provenance.patch,
    },
    remove: {
      method: 'DELETE',
      path: idPath,
      summary: `Supprimer ${o.label}`,
      params: paramsOf('id'),
      response: 'none',
      status: 204,
      category: o.category,
      auth: true,
      since: o.since.remove,
      provenance: o.provenance.remove,
    },
  } as const
}
