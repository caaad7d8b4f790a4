/**
 * Guards applied to every web contents and session: no navigation away from the app, no new windows,
 * no permissions, external links only to an allow-list of https hosts (opened in the user's browser).
 */
import type { Session, WebContents } from 'electron'

import { isTrustedUrl } from './origin'

/**
 * True when `url` may be handed to `shell.openExternal`: an `https:` URL without credentials whose host name
 * is exactly one of `allowedHosts` (lower-case, e.g. `'www.net-entreprises.fr'`; no wildcard, no port match).
 * The allow-list is empty by default, so nothing is opened.
 */
export function isAllowedExternal(url: string, allowedHosts: readonly string[]): boolean {
  let parsed: URL
  try {
    parsed = new URL(url)
  } catch {
    return false
  }
  if (parsed.protocol !== 'https:' || parsed.username !== '' || parsed.password !== '' || parsed.port !== '') return false
  const host = parsed.hostname.toLowerCase()
  return allowedHosts.some((allowed) => allowed.toLowerCase() === host)
}

/** Hosts `shell.openExternal` may open when nothing else is configured: none. */
export const DEFAULT_EXTERNAL_HOSTS: readonly string[] = []

/** What the guards need: the app's origins, the external allow-list and how to open an external URL. */
export interface GuardOptions {
  /** Origins the app's pages may navigate within (`APP_ORIGIN`, plus the dev server's in development). */
  readonly trustedOrigins: readonly string[]
  /** Hosts `shell.openExternal` may open (see {@link isAllowedExternal}). */
  readonly externalHosts: readonly string[]
  /** Opens a URL in the user's browser; `shell.openExternal` in the app. */
  readonly openExternal: (url: string) => Promise<void>
}

/** Minimal event shape of `will-navigate`, `will-frame-navigate` and `will-redirect`. */
export interface NavigationEvent {
  readonly url: string
  preventDefault(): void
}

/**
 * Listener for navigation events: lets navigation within the trusted origins proceed; prevents any other,
 * and opens it in the user's browser when it is an allowed external link.
 */
export function createNavigationGuard(options: GuardOptions): (event: NavigationEvent) => void {
  return function guardNavigation(event: NavigationEvent): void {
    if (isTrustedUrl(event.url, options.trustedOrigins)) return
    event.preventDefault()
    openIfAllowed(event.url, options)
  }
}

/**
 * Handler for `setWindowOpenHandler`: always denies the new window; an allowed external link is opened in the
 * user's browser instead.
 */
export function createWindowOpenHandler(options: GuardOptions): (details: { readonly url: string }) => { action: 'deny' } {
  return function denyWindowOpen(details: { readonly url: string }): { action: 'deny' } {
    openIfAllowed(details.url, options)
    return { action: 'deny' }
  }
}

function openIfAllowed(url: string, options: GuardOptions): void {
  if (!isAllowedExternal(url, options.externalHosts)) return
  options.openExternal(url).catch(() => {
    // The browser could not be started: nothing to recover, the clerk can click again.
  })
}

/** Applies the navigation, redirect, window-open and `<webview>` guards to one web contents. */
export function guardWebContents(contents: WebContents, options: GuardOptions): void {
  const guardNavigation = createNavigationGuard(options)
  contents.on('will-navigate', guardNavigation)
  contents.on('will-frame-navigate', guardNavigation)
  contents.on('will-redirect', guardNavigation)
  contents.on('will-attach-webview', (event) => {
    event.preventDefault()
  })
  contents.setWindowOpenHandler(createWindowOpenHandler(options))
}

/** Refuses every permission request (camera, notifications, geolocation…) and every permission check. */
export function denyAllPermissions(session: Session): void {
  session.setPermissionRequestHandler((_contents, _permission, callback) => {
    callback(false)
  })
  session.setPermissionCheckHandler(() => false)
}
