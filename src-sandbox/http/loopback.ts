/**
 * Loopback check of the sandbox's admin routes (`/__sandbox/…`): only a process on the same machine may change
 * fault switches or reset the data.
 */

const IPV4 = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/

function isLoopbackIpv4(address: string): boolean {
  const match = IPV4.exec(address)
  if (match === null) return false
  const octets = match.slice(1).map(Number)
  return octets.every((o) => o <= 255) && octets[0] === 127
}

/**
 * True when `address` (a socket's `remoteAddress`) is a loopback address: IPv4 127.0.0.0/8 (RFC 1122 §3.2.1.3),
 * IPv6 `::1` in any spelling (RFC 4291 §2.5.3), or an IPv4-mapped `::ffff:127.x.y.z` (RFC 4291 §2.5.5.2).
 * Anything else, including `undefined` (no socket), is false.
 */
export function isLoopbackAddress(address: string | undefined | null): boolean {
  if (address === undefined || address === null) return false
  const a = address.trim().toLowerCase()
  if (isLoopbackIpv4(a)) return true
  const mapped = /^(?:::|(?:0{1,4}:){5})ffff:(\d{1,3}(?:\.\d{1,3}){3})$/.exec(a)
  if (mapped?.[1] !== undefined) return isLoopbackIpv4(mapped[1])
  return isIpv6Loopback(a)
}

/** True for `::1` and its long forms (`0:0:0:0:0:0:0:1`, `0000::0001`). */
function isIpv6Loopback(address: string): boolean {
  if (!/^[0-9a-f:]+$/.test(address) || address.split('::').length > 2) return false
  const [head = '', tail] = address.split('::')
  const left = head === '' ? [] : head.split(':')
  const right = tail === undefined || tail === '' ? [] : tail.split(':')
  if (tail === undefined && left.length !== 8) return false
  if (tail !== undefined && left.length + right.length > 7) return false
  const groups = [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right]
  if (groups.some((g) => g.length === 0 || g.length > 4)) return false
  return groups.slice(0, 7).every((g) => parseInt(g, 16) === 0) && parseInt(groups[7] ?? '', 16) === 1
}
