/**
 * The memory of a process tree as Linux reports it in /proc: every descendant of
 * one process (a launcher such as npm, the server, the processes the server
 * starts), its command line and VmHWM, the kernel's own peak of its resident
 * memory. A process that exits is known by its last sample (VmHWM only grows, so
 * at most one interval of growth before its exit escapes). The sum over the
 * server and its children is sampled, split by whether a first start's build
 * (the client, the embedded database's template) ran then.
 */
import { readdirSync, readFileSync } from 'node:fs';

const MB = 1024 * 1024;

export interface ProcessMemory {
  pid: number;
  parent: number;
  /** The command line, node's own path shortened to `node`. */
  command: string;
  /** The highest VmHWM read from it. */
  peakMb: number;
  /** What it is to the measurement. */
  role: 'launcher' | 'server' | 'build' | 'child';
  /** Seen while it ran, so its figure may miss its last interval. */
  exited: boolean;
}

export interface TreeMemory {
  processes: ProcessMemory[];
  /** VmRSS of the server process at the last sample. */
  serverRssMb: number;
  /** VmHWM of the server process: its peak since it started (since its last exec). */
  serverPeakMb: number;
  /** The highest VmHWM of any process the server started, the build's excluded. */
  childPeakMb: number;
  /** The highest sampled sum of VmRSS over the server and its children while no build process ran. */
  serverTreePeakMb: number;
  /** The highest sampled sum of VmRSS over the server and its children while a build process ran (0 when none ran). */
  buildTreePeakMb: number;
  /** The highest VmHWM of a build process (vite, the pre-compression, the template's initdb). */
  buildPeakMb: number;
}

interface Status {
  parent: number;
  rssMb: number;
  peakMb: number;
}

function statusOf(pid: number): Status | undefined {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const field = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+)`, 'm').exec(status)?.[1] ?? Number.NaN);
    // A zombie has no memory fields left: nothing to read.
    if (Number.isNaN(field('VmHWM'))) return undefined;
    return { parent: field('PPid'), rssMb: (field('VmRSS') * 1024) / MB, peakMb: (field('VmHWM') * 1024) / MB };
  } catch {
    return undefined;
  }
}

function commandOf(pid: number): string {
  try {
    const argv = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean);
    return argv.map((arg, index) => (index === 0 && arg === process.execPath ? 'node' : arg)).join(' ');
  } catch {
    return '';
  }
}

function childrenOf(pid: number): number[] {
  const children: number[] = [];
  try {
    for (const thread of readdirSync(`/proc/${pid}/task`)) {
      children.push(...readFileSync(`/proc/${pid}/task/${thread}/children`, 'utf8').split(' ').filter(Boolean).map(Number));
    }
  } catch {
    // The process ended between two reads.
  }
  return children;
}

/** npm (which titles itself `npm start`) and the shell it runs a script in stand between the user and the server. */
const isLauncher = (command: string) => /^npm( |$)/.test(command) || /(^|\/)(ba|da)?sh( |$)/.test(command) || command.includes('npm-cli.js');
/** What `npm run build` makes for the image, and a first start from source makes when it is missing. */
const isBuild = (command: string) => ['vite/bin/vite.js', 'scripts/precompress.mjs', 'pglite-template.mjs'].some((part) => command.includes(part));

/** Samples the tree under `rootPid` every `intervalMs` until stopped. */
export function sampleProcessTree(rootPid: number, intervalMs = 25): { read(): TreeMemory; stop(): TreeMemory } {
  const known = new Map<number, ProcessMemory>();
  let serverPid: number | undefined;
  let serverRssMb = 0;
  let serverTreePeakMb = 0;
  let buildTreePeakMb = 0;

  const sample = () => {
    const alive = new Set<number>();
    let serverTreeMb = 0;
    let building = false;
    const visit = (pid: number, insideServer: boolean) => {
      const status = statusOf(pid);
      if (!status) return;
      alive.add(pid);
      let entry = known.get(pid);
      // A pid whose command changed was exec'd (a launcher into node): read it again.
      const command = commandOf(pid);
      if (!entry || entry.command !== command) {
        const role = isLauncher(command) && !insideServer ? 'launcher' : isBuild(command) ? 'build' : insideServer ? 'child' : 'server';
        entry = { pid, parent: status.parent, command, peakMb: 0, role, exited: false };
        known.set(pid, entry);
        if (role === 'server') serverPid = pid;
      }
      entry.peakMb = Math.max(entry.peakMb, status.peakMb);
      if (entry.role === 'server') serverRssMb = status.rssMb;
      if (entry.role === 'build') building = true;
      const inServer = insideServer || entry.role === 'server';
      if (inServer) serverTreeMb += status.rssMb;
      for (const child of childrenOf(pid)) visit(child, inServer);
    };
    visit(rootPid, false);
    for (const entry of known.values()) if (!alive.has(entry.pid)) entry.exited = true;
    if (building) buildTreePeakMb = Math.max(buildTreePeakMb, serverTreeMb);
    else serverTreePeakMb = Math.max(serverTreePeakMb, serverTreeMb);
  };

  const read = (): TreeMemory => {
    const processes = [...known.values()];
    const peakOf = (role: ProcessMemory['role']) => Math.max(0, ...processes.filter((entry) => entry.role === role).map((entry) => entry.peakMb));
    return {
      processes,
      serverRssMb,
      serverPeakMb: serverPid === undefined ? 0 : known.get(serverPid)!.peakMb,
      childPeakMb: peakOf('child'),
      serverTreePeakMb,
      buildTreePeakMb,
      buildPeakMb: peakOf('build'),
    };
  };

  sample();
  const timer = setInterval(sample, intervalMs);
  return {
    read() {
      sample();
      return read();
    },
    stop() {
      sample();
      clearInterval(timer);
      return read();
    },
  };
}
