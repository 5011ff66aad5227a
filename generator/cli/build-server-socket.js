// Where the build server listens, and the lines it and the launcher exchange, in plain JavaScript: the launcher
// (cli/build.js) asks the server before it loads any of the build's code, and the bundled server answers.
import { createHash } from 'node:crypto';
import { lstatSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { CONFIG_FILE } from '../config/config-file.js';
import { processWide } from './process-wide.js';

/** The launcher's argument that makes the process the build server instead of a build. */
export const SERVE_FLAG = '--serve-builds';
/** The command line that stops the server (`npm run build -- --stop-server`). */
export const STOP_FLAG = '--stop-server';
/** Set to 0 (or `off`) to build in the command's own process, and start no server. */
export const SERVER_SWITCH = 'FOLIO_BUILD_SERVER';

/**
 * Whether builds may go to a server on this machine: not where the switch turns it off, nor on Windows (whose
 * temporary folder holds no Unix sockets).
 * @param {NodeJS.ProcessEnv} env
 */
export function serverAllowed(env = process.env) {
  const setting = env[SERVER_SWITCH];
  return setting !== '0' && setting !== 'off' && process.platform !== 'win32';
}

/**
 * Whether the command line may be an update of the API, which a build server takes: `--api-only` on it or in the
 * config file (config/options.ts), without `--full` or `--help`. The launcher asks no server about the others, which
 * would only decline them (after a rehearsal it may be running).
 * @param {string[]} argv
 */
export function mayServe(argv) {
  if (argv.some((arg) => arg === '--help' || arg === '-h' || arg === '--full')) return false;
  if (argv.includes('--api-only')) return true;
  try {
    return JSON.parse(readFileSync(CONFIG_FILE, 'utf8')).apiOnly === true;
  } catch {
    return false;
  }
}

/**
 * The server's socket for this bundle under this Node, in a folder of the user's own (other users may not connect):
 * undefined where that folder is someone else's. Short, since a socket's path may hold at most about 100 bytes.
 * @param {string} bundleFolder
 * @returns {string | undefined}
 */
export function serverSocket(bundleFolder) {
  const uid = typeof process.getuid === 'function' ? process.getuid() : 0;
  const key = `${installationKey(bundleFolder)}-${shortHash(`${bundleFolder}\n${process.execPath}\n${process.version}`, 12)}`;
  // The system's own temporary folder where the user's is too deep for a socket's path.
  for (const base of [tmpdir(), '/tmp']) {
    const folder = join(base, `folio-static-api-${uid}`);
    const socket = join(folder, `build-${key}.sock`);
    if (Buffer.byteLength(socket) <= MAX_SOCKET_PATH && ownFolder(folder, uid)) return socket;
  }
  return undefined;
}

/**
 * The sockets of this installation's other servers (an earlier bundle of its source, another Node): the server for
 * the current bundle stops them as it starts, so that editing the generator leaves no trail of idle servers.
 * @param {string} socket
 * @returns {string[]}
 */
export function earlierSockets(socket) {
  const name = basename(socket);
  const installation = SOCKET_NAME.exec(name)?.[1];
  if (installation === undefined) return [];
  try {
    return readdirSync(dirname(socket))
      .filter((other) => other !== name && SOCKET_NAME.exec(other)?.[1] === installation)
      .map((other) => join(dirname(socket), other));
  } catch {
    return [];
  }
}

// build-{installation}-{bundle and Node}.sock
const SOCKET_NAME = /^build-([0-9a-f]{8})-[0-9a-f]{12}\.sock$/;

/**
 * The part of a socket's name all bundles of one installation share: its bundles' folder.
 * @param {string} bundleFolder
 */
function installationKey(bundleFolder) {
  return shortHash(dirname(bundleFolder), 8);
}

/**
 * @param {string} text
 * @param {number} length
 */
function shortHash(text, length) {
  return createHash('sha256').update(text).digest('hex').slice(0, length);
}

// A Unix socket's path is at most 107 bytes on Linux, 103 on macOS.
const MAX_SOCKET_PATH = 100;

/**
 * Whether the folder is the user's alone (made so if it is missing).
 * @param {string} folder
 * @param {number} uid
 */
function ownFolder(folder, uid) {
  try {
    mkdirSync(folder, { recursive: true, mode: 0o700 });
    const stat = lstatSync(folder);
    return stat.isDirectory() && stat.uid === uid && (stat.mode & 0o077) === 0;
  } catch {
    return false;
  }
}

// Where the launcher leaves the socket for the bundled command, which holds another copy of this module.
/** @type {ReturnType<typeof processWide<string>>} */
const socketSlot = processWide('build-server-socket');

/**
 * The socket the launcher found for this bundle, where builds may go to a server.
 * @returns {string | undefined}
 */
export function buildServerSocket() {
  return socketSlot.get();
}

/** @param {string} socket */
export function setBuildServerSocket(socket) {
  socketSlot.set(socket);
}

/**
 * What the launcher sends: the command line, and what the build would read of its process.
 * @typedef {{ argv: string[], cwd: string, env: Record<string, string | undefined>, stdoutIsTTY: boolean, stderrIsTTY: boolean, columns?: number }} BuildRequest
 */

/**
 * What the server sends, a line each: text for the launcher's standard output (`out`) or error (`err`), then the exit
 * status; or `declined` first, when the launcher is to build in its own process.
 * @typedef {{ out: string } | { err: string } | { exit: number } | { declined: string }} ServerMessage
 */

/**
 * Splits a stream's text into lines as they arrive, calling `onLine` for each whole one.
 * @param {(line: string) => void} onLine
 * @returns {(chunk: string) => void}
 */
export function lineReader(onLine) {
  let pending = '';
  return (chunk) => {
    pending += chunk;
    for (let end = pending.indexOf('\n'); end !== -1; end = pending.indexOf('\n')) {
      const line = pending.slice(0, end);
      pending = pending.slice(end + 1);
      if (line !== '') onLine(line);
    }
  };
}
