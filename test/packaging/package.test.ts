/**
 * Packaging (issue 6, part 5): packs the built app with electron-builder `--dir` for Linux from a stub Electron
 * distribution (the real binary cannot be downloaded here), then inspects the result:
 * - app.asar holds out/main, out/preload, out/renderer, package.json and production dependencies only — no sources
 *   (src-*), tests, source maps or dev dependencies;
 * - the fuses of the real configuration were flipped: the stub carries an Electron fuse wire (sentinel, version 1,
 *   8 fuses at Electron's defaults), which @electron/fuses rewrites exactly as it would in the real binary;
 * - the update feed (app-update.yml) is the generic HTTPS provider at the build-time URL.
 * Prints the app.asar listing between `PACKAGE LISTING` markers. Run by .ci/run with vitest.packaging.config.ts.
 */
import { execFileSync } from 'node:child_process'
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { listPackage } from '@electron/asar'
import { FuseV1Options, getCurrentFuseWire } from '@electron/fuses'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'

const root = resolve(import.meta.dirname, '../..')
const requireCjs = createRequire(import.meta.url)
const yaml = requireCjs('js-yaml') as { load(text: string): unknown }
const pkg = z
  .object({
    name: z.string(),
    dependencies: z.record(z.string(), z.string()),
    devDependencies: z.record(z.string(), z.string()),
    scripts: z.record(z.string(), z.string()),
  })
  .parse(JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')))
const UPDATE_URL = 'https://mises-a-jour.paie-hors-ligne.invalid/stable'

/** Fuse states in the wire: ASCII '0' (disabled) and '1' (enabled), as @electron/fuses' FuseState. */
const DISABLE = 48
const ENABLE = 49
/** Fuses the packaged app must have, as @electron/fuses reads them back. */
const REQUIRED_FUSES: Record<string, number> = {
  RunAsNode: DISABLE,
  EnableCookieEncryption: ENABLE,
  EnableNodeOptionsEnvironmentVariable: DISABLE,
  EnableNodeCliInspectArguments: DISABLE,
  EnableEmbeddedAsarIntegrityValidation: ENABLE,
  OnlyLoadAppFromAsar: ENABLE,
}

/** A stub `electron` executable carrying a fuse wire at Electron's defaults (RunAsNode on, cookie encryption off…). */
function writeStubElectron(dir: string): void {
  const defaults = '10110001' // RunAsNode, CookieEncryption, NodeOptions, Inspect, AsarIntegrity, OnlyAsar, V8Snapshot, FileProtocol
  const body = Buffer.concat([
    Buffer.from('#!/bin/sh\n# stub Electron for packaging tests\nexit 0\n'),
    Buffer.from('dL7pKGdnNz796PbbjQWNKmHXBZaB9tsX'),
    Buffer.from([1, 8]),
    Buffer.from(defaults),
    Buffer.from('\n'),
  ])
  writeFileSync(join(dir, 'electron'), body)
  chmodSync(join(dir, 'electron'), 0o755)
}

let work: string | undefined
let unpacked: string
let listing: string[]

beforeAll(() => {
  if (process.env['PACKAGING_SKIP_BUILD'] !== '1' || !existsSync(join(root, 'out/main/index.js'))) {
    execFileSync('npx', ['electron-vite', 'build'], { cwd: root, stdio: 'inherit' })
  }
  const dir = mkdtempSync(join(tmpdir(), 'paie-package-'))
  work = dir
  const stub = join(dir, 'electron-dist')
  mkdirSync(stub, { recursive: true })
  writeStubElectron(stub)
  execFileSync(
    'npm',
    ['run', '--silent', 'package:dir', '--', '--linux', `-c.electronDist=${stub}`, `-c.directories.output=${join(dir, 'dist')}`],
    {
      cwd: root,
      stdio: 'inherit',
      env: { ...process.env, PAIE_UPDATE_URL: UPDATE_URL },
    },
  )
  unpacked = join(dir, 'dist/linux-unpacked')
  listing = listPackage(join(unpacked, 'resources/app.asar'), { isPack: false }).map((path) => path.replaceAll('\\', '/'))
  const ownFiles = listing.filter((path) => !path.startsWith('/node_modules/'))
  const packages = [
    ...new Set(
      listing
        .map((path) => /^\/node_modules\/(@[^/]+\/[^/]+|[^@/][^/]*)/.exec(path)?.[1])
        .filter((name): name is string => name !== undefined),
    ),
  ]
  console.log(
    [
      'PACKAGE LISTING (app.asar)',
      ...ownFiles,
      `/node_modules: ${packages.length} packages: ${packages.sort().join(', ')}`,
      'END PACKAGE LISTING',
    ].join('\n'),
  )
}, 600_000)

afterAll(() => {
  if (work !== undefined) rmSync(work, { recursive: true, force: true })
})

describe('the packed app (electron-builder --dir, Linux, stub Electron)', () => {
  it('holds out/main, out/preload, out/renderer and package.json', () => {
    expect(listing).toEqual(
      expect.arrayContaining([
        '/package.json',
        '/out/main/index.js',
        '/out/preload/index.cjs',
        '/out/renderer/index.html',
        // The page's first script, copied from src-renderer/public (not bundled).
        '/out/renderer/open-store.js',
      ]),
    )
    expect(listing.some((path) => path.startsWith('/out/renderer/assets/') && path.endsWith('.js'))).toBe(true)
  })

  it('holds nothing else of ours: no sources, tests, source maps, configs or docs', () => {
    const ours = listing.filter((path) => !path.startsWith('/node_modules'))
    expect(ours.filter((path) => !/^\/(out|out\/(main|preload|renderer)(\/.*)?|package\.json)$/.test(path))).toEqual([])
    expect(listing.filter((path) => /^\/(src-|test|scripts|docs|security|build\/)|\.map$/.test(path))).toEqual([])
    expect(ours.filter((path) => /\.(ts|vue)$/.test(path))).toEqual([])
  })

  it('holds every production dependency and no dev dependency', () => {
    for (const name of Object.keys(pkg.dependencies)) expect(listing, name).toContain(`/node_modules/${name}/package.json`)
    const devOnly = Object.keys(pkg.devDependencies).filter((name) => !(name in pkg.dependencies))
    expect(devOnly.filter((name) => listing.some((path) => path.startsWith(`/node_modules/${name}/`)))).toEqual([])
  })

  it('flipped the fuses of the real configuration in the packed executable', async () => {
    const wire = await getCurrentFuseWire(join(unpacked, pkg.name))
    const actual = Object.fromEntries(
      Object.keys(REQUIRED_FUSES).map((name) => [name, wire[FuseV1Options[name as keyof typeof FuseV1Options]]]),
    )
    expect(actual).toEqual(REQUIRED_FUSES)
  })

  it('points the updater at the generic HTTPS feed given at build time', () => {
    const feed = z
      .object({ provider: z.string(), url: z.string(), channel: z.string() })
      .parse(yaml.load(readFileSync(join(unpacked, 'resources/app-update.yml'), 'utf8')))
    expect(feed).toMatchObject({ provider: 'generic', url: UPDATE_URL, channel: 'latest' })
  })
})

describe('electron-builder.yml', () => {
  const config = z
    .object({
      files: z.array(z.string()),
      asar: z.literal(true),
      electronFuses: z.record(z.string(), z.boolean()),
      publish: z.object({ provider: z.literal('generic'), url: z.string() }),
      win: z.object({ target: z.array(z.object({ target: z.string() })) }),
      mac: z.object({
        target: z.array(z.object({ target: z.string() })),
        hardenedRuntime: z.literal(true),
        entitlements: z.string(),
        entitlementsInherit: z.string(),
      }),
      linux: z.object({ target: z.array(z.string()) }),
    })
    .parse(yaml.load(readFileSync(join(root, 'electron-builder.yml'), 'utf8')))

  it('sets every required fuse (RunAsNode, NODE_OPTIONS and inspect off; cookie encryption, ASAR integrity, ASAR only on)', () => {
    expect(config.electronFuses).toMatchObject({
      runAsNode: false,
      enableNodeOptionsEnvironmentVariable: false,
      enableNodeCliInspectArguments: false,
      enableCookieEncryption: true,
      enableEmbeddedAsarIntegrityValidation: true,
      onlyLoadAppFromAsar: true,
    })
  })

  it('targets nsis, dmg with the hardened runtime and checked-in entitlements, AppImage and deb', () => {
    expect(config.win.target.map((t) => t.target)).toEqual(['nsis'])
    expect(config.mac.target.map((t) => t.target)).toEqual(['dmg'])
    expect(existsSync(join(root, config.mac.entitlements))).toBe(true)
    expect(readFileSync(join(root, config.mac.entitlements), 'utf8')).not.toMatch(
      /allow-unsigned-executable-memory|disable-library-validation|device\.camera|device\.audio-input/,
    )
    expect(config.linux.target).toEqual(['AppImage', 'deb'])
  })

  it('publishes to a generic feed whose URL comes from the build environment, over HTTPS', () => {
    expect(config.publish.url).toBe('${env.PAIE_UPDATE_URL}')
    expect(config.files).toEqual(
      expect.arrayContaining(['out/main/**/*', 'out/preload/**/*', 'out/renderer/**/*', 'package.json', '!**/*.map']),
    )
  })

  it('has package scripts for a full package and an unpacked folder', () => {
    expect(pkg.scripts['package:dir']).toMatch(/electron-builder --dir/)
    expect(pkg.scripts['package']).toMatch(/electron-vite build && electron-builder/)
  })
})
