/**
 * The profiles file (`profiles.json` in the app's data folder): every stored profile without its secret, and which
 * one is active. Read through zod (a file on disk is a trust boundary), written atomically (temporary file in the
 * same folder, then rename), so a crash mid-write leaves the previous file intact.
 */
import { randomUUID } from 'node:crypto'
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises'
import path from 'node:path'

import { z } from 'zod'

import { DEMO_PROFILE_ID, ProfileId } from '../../src-shared/domain/profiles'

/** File name of the profiles file inside the data folder. */
export const PROFILES_FILE = 'profiles.json'

/** A stored profile (no secret: that is in the keychain under the profile id). */
export const StoredProfile = z.object({
  id: ProfileId.refine((id) => id !== DEMO_PROFILE_ID, 'the demo profile is not stored'),
  nom: z.string().min(1).max(80),
  baseUrl: z.string().min(1),
  clientId: z.string().min(1),
  creeLe: z.iso.datetime(),
})
export type StoredProfile = z.infer<typeof StoredProfile>

/** Contents of the profiles file, version 1. */
export const ProfilesFile = z.object({
  version: z.literal(1),
  actif: ProfileId,
  profils: z.array(StoredProfile).max(100),
})
export type ProfilesFile = z.infer<typeof ProfilesFile>

/** The file of a first start: no profile, demo active. */
export function emptyProfilesFile(): ProfilesFile {
  return { version: 1, actif: DEMO_PROFILE_ID, profils: [] }
}

/** Reads, validates and writes the profiles file of one data folder. */
export interface ProfileFileStore {
  /** Absolute path of the file. */
  readonly path: string
  /**
   * The stored profiles; {@link emptyProfilesFile} when the file does not exist yet.
   * @throws ProfilesFileError when the file exists but cannot be read or does not match the schema (the file is
   * left untouched for support to look at; the app starts in demo mode).
   */
  read(): Promise<ProfilesFile>
  /** Writes the whole file atomically. @throws Error (I/O) with nothing changed on disk. */
  write(contents: ProfilesFile): Promise<void>
}

/** The profiles file is unreadable or invalid. */
export class ProfilesFileError extends Error {
  constructor(file: string, options?: ErrorOptions) {
    super(`profiles file unreadable (${path.basename(file)}): starting in demo mode`, options)
    this.name = 'ProfilesFileError'
  }
}

/** The profiles file in `dataDir` (created on first write). */
export function createProfileFileStore(dataDir: string): ProfileFileStore {
  const file = path.join(dataDir, PROFILES_FILE)
  return {
    path: file,
    async read() {
      let text: string
      try {
        text = await readFile(file, 'utf8')
      } catch (error) {
        if (isNotFound(error)) return emptyProfilesFile()
        throw new ProfilesFileError(file, { cause: error })
      }
      let json: unknown
      try {
        json = JSON.parse(text)
      } catch (error) {
        throw new ProfilesFileError(file, { cause: error })
      }
      const parsed = ProfilesFile.safeParse(json)
      if (!parsed.success) throw new ProfilesFileError(file, { cause: parsed.error })
      return parsed.data
    },
    async write(contents) {
      await mkdir(dataDir, { recursive: true })
      const temporary = `${file}.${randomUUID()}.tmp`
      await writeFile(temporary, `${JSON.stringify(ProfilesFile.parse(contents), null, 2)}\n`, { encoding: 'utf8', mode: 0o600 })
      await rename(temporary, file)
    },
  }
}

function isNotFound(error: unknown): boolean {
  return error instanceof Error && 'code' in error && error.code === 'ENOENT'
}
