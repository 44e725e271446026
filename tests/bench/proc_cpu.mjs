// CPU time of a process tree from /proc, for benchmarks on a machine shared with other jobs:
// wall time is disturbed by them, the CPU seconds a run used are not.
import { readFileSync, readdirSync } from 'node:fs';

/** CPU seconds (user + sys) used so far by the descendants of process `root` (here: the
 * Chromium that playwright started as this node process's child, with all its processes). */
export function descendantsCpuSeconds(root) {
  const procs = new Map();
  for (const d of readdirSync('/proc')) {
    if (!/^[0-9]+$/.test(d)) continue;
    try {
      const stat = readFileSync(`/proc/${d}/stat`, 'utf8');
      const f = stat.slice(stat.lastIndexOf(')') + 2).split(' '); // f[0] is field 3 (state)
      procs.set(Number(d), { ppid: Number(f[1]), ticks: Number(f[11]) + Number(f[12]) });
    } catch { /* exited meanwhile */ }
  }
  let ticks = 0;
  const todo = [root];
  while (todo.length) {
    const pid = todo.pop();
    if (pid !== root) ticks += procs.get(pid)?.ticks ?? 0;
    for (const [child, p] of procs) if (p.ppid === pid) todo.push(child);
  }
  return ticks / 100; // USER_HZ
}
