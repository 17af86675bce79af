// Loaded into every Node process of a measured command via NODE_OPTIONS=--require=<this file>.
// On exit it appends "<pid> <maxRSS KiB> <entry script>" to $BENCH_RSS_OUT. process.resourceUsage().maxRSS
// is getrusage(RUSAGE_SELF).ru_maxrss: the peak resident set of the whole process (all threads),
// the same number as VmHWM in /proc/<pid>/status. Used (a) as the peak-RSS source when /usr/bin/time
// is missing and (b) to see whether a tool fans out into several Node processes (then the sum matters).
'use strict';
const out = process.env.BENCH_RSS_OUT;
if (out) {
  const fs = require('node:fs');
  let isMain = true;
  try { isMain = require('node:worker_threads').isMainThread; } catch { /* old node */ }
  if (isMain) {
    process.on('exit', () => {
      try {
        fs.appendFileSync(out, `${process.pid} ${process.resourceUsage().maxRSS} ${process.argv[1] || '-'}\n`);
      } catch { /* best effort */ }
    });
  }
}
