// Small numeric helpers shared by bench/run.mjs and bench/sdk-heavy.mjs.

/** The median (NaN for an empty list). */
export const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length === 0 ? NaN : s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
/** Milliseconds as seconds with two decimals ('—' when unknown). */
export const fmtS = (ms) => (ms == null || !Number.isFinite(ms) ? '—' : (ms / 1000).toFixed(2));
/** A ratio: two decimals below 10, one above ('—' when unknown). */
export const fmtX = (x) => (x == null || !Number.isFinite(x) ? '—' : `${x.toFixed(x < 10 ? 2 : 1)}×`);
