/**
 * The advice for a transport registry whose records also keep state code reads back by the session id
 * (`SessionStore.heldState`): the serving rewrite must not remove it, and the handles transform must not call it
 * plumbing. One text for both, so the two markers say the same.
 */
import { heldFieldList, readPlaces } from '../../analysis/record-fields.js';
import type { SessionStore } from '../../analysis/session-flow-types.js';

export function heldStateAdvice(store: SessionStore): string {
  const held = store.heldState ?? [];
  return `\`${store.name}\` routes requests to a transport per session id, and its records also keep ${heldFieldList(held)}, read back by the session id in ${readPlaces(held, store.declaration?.getSourceFile())}. Removing it with the session routing would lose that: first move it off the session (a credential comes with each request: \`authInfo\` from its bearer token, or a header the client sends every time; other state travels as an explicit handle a tool returns), then serve the endpoint statelessly and remove the registry.`;
}

/** The registries among `registries` whose records keep state read back. */
export function registriesHoldingState(registries: readonly SessionStore[]): SessionStore[] {
  return registries.filter((r) => (r.heldState?.length ?? 0) > 0);
}
