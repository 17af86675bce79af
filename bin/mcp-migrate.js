#!/usr/bin/env node
import { main, processIo } from '../dist/cli.js';

main(process.argv.slice(2), processIo()).then(
  (code) => {
    process.exitCode = code;
  },
  (error) => {
    process.stderr.write(`mcp-migrate: internal error: ${error?.stack ?? error}\n`);
    process.exitCode = 2;
  },
);
