// The TypeScript compiler bundled with ts-morph (see typescript.ts); its types are ts-morph's `ts`.
declare module '@ts-morph/common/dist/typescript.js' {
  import { ts } from 'ts-morph';
  export = ts;
}
