/**
 * Update checks (electron-updater, generic HTTPS provider). Thin and testable: Electron and electron-updater come in
 * as dependencies, so tests pass fakes.
 *
 * Rules (assumption, not shown in reference: issue 6 part 5):
 * - only a packaged app checks (a dev or test run never downloads anything);
 * - only when an update URL was configured at build time (`MAIN_VITE_UPDATE_URL`, the same URL electron-builder
 *   writes into app-update.yml from `PAIE_UPDATE_URL`), and only an `https:` URL;
 * - the update is downloaded in the background and installed when the clerk quits the app (no forced restart:
 *   entries in progress are never interrupted).
 */
import { describeError, log } from './log'

/** The part of electron-updater's `autoUpdater` used here. */
export interface Updater {
  autoDownload: boolean
  autoInstallOnAppQuit: boolean
  setFeedURL(options: { provider: 'generic'; url: string; channel?: string }): void
  checkForUpdates(): Promise<unknown>
}

/** What {@link startUpdateChecks} needs. */
export interface UpdateCheckOptions {
  /** `app.isPackaged`. */
  readonly isPackaged: boolean
  /** The configured feed URL (build time), or undefined/empty when none. */
  readonly feedUrl: string | undefined
  /** Loads electron-updater's `autoUpdater` (lazily: the module needs Electron at import). */
  readonly loadUpdater: () => Promise<Updater>
}

/** Why no check runs, or `null` when checks run. */
export type UpdateSkipReason = 'non-empaquete' | 'url-absente' | 'url-non-https' | null

/** Decides whether the app checks for updates: packaged, and an `https:` feed URL configured. */
export function updateSkipReason(isPackaged: boolean, feedUrl: string | undefined): UpdateSkipReason {
  if (!isPackaged) return 'non-empaquete'
  if (feedUrl === undefined || feedUrl.trim() === '') return 'url-absente'
  try {
    return new URL(feedUrl).protocol === 'https:' ? null : 'url-non-https'
  } catch {
    return 'url-non-https'
  }
}

/**
 * Checks for an update once, when {@link updateSkipReason} allows it: sets the generic feed, downloads in the
 * background, installs on quit. Never throws (a failed check is logged, the app goes on).
 * @returns the skip reason, or null when a check was started.
 */
export async function startUpdateChecks(options: UpdateCheckOptions): Promise<UpdateSkipReason> {
  const reason = updateSkipReason(options.isPackaged, options.feedUrl)
  if (reason !== null || options.feedUrl === undefined) return reason
  try {
    const updater = await options.loadUpdater()
    updater.autoDownload = true
    updater.autoInstallOnAppQuit = true
    updater.setFeedURL({ provider: 'generic', url: options.feedUrl, channel: 'latest' })
    await updater.checkForUpdates()
  } catch (error) {
    log.warn('Mises à jour : vérification impossible', { cause: describeError(error) })
  }
  return null
}

/** The feed URL baked in at build time by electron-vite (`MAIN_VITE_UPDATE_URL`), or undefined. */
export function configuredFeedUrl(): string | undefined {
  const env = (import.meta as ImportMeta & { env?: Record<string, string | undefined> }).env
  return env?.['MAIN_VITE_UPDATE_URL']
}

/** electron-updater's `autoUpdater`, imported only when a check runs (the module needs Electron's `app`). */
export async function loadElectronUpdater(): Promise<Updater> {
  const mod = (await import('electron-updater')) as unknown as { autoUpdater?: Updater; default?: { autoUpdater: Updater } }
  const updater = mod.autoUpdater ?? mod.default?.autoUpdater
  if (updater === undefined) throw new Error('electron-updater : autoUpdater introuvable')
  return updater
}
