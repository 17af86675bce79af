export const name = 'ledger';
export const uri = 'ledger://accounts';

export function createHandler(ledger: Map<string, number>) {
  return async (resourceUri: URL) => ({
    contents: [{ uri: resourceUri.href, text: JSON.stringify(Object.fromEntries(ledger)) }],
  });
}
