/**
 * Refusals of the serving rewrite: a check that finds code it cannot replace safely throws one, the rewrite in
 * progress is dropped whole (`ServingFile.attempt`), and the refusal becomes the marker at its node.
 */
import type { ts } from '../../typescript.js';
import type { RouteFramework } from '../../analysis/routes.js';
import { RULE_ID, type RuleId } from '../../rule-ids.js';
import type { SessionStore } from '../../analysis/session-flow-types.js';
import { heldStateAdvice, registriesHoldingState } from '../kit/held-state.js';

export class CannotRewrite extends Error {
  private router: RouteFramework | undefined;

  constructor(
    message: string,
    readonly node: ts.Node,
    readonly ruleId: RuleId = RULE_ID.sessionIdGenerator,
    /** The router the endpoint is on, when known: the advice names how that router mounts the handler. */
    framework?: RouteFramework,
    /** The factory expression the advice names, when known (`buildServer` otherwise). */
    readonly factory?: string,
  ) {
    super(message);
    this.router = framework;
  }

  get framework(): RouteFramework | undefined {
    return this.router;
  }

  /** The path the endpoint's route is registered on, when known (a sub-app mounted at /mcp registers `app.all('/')`). */
  routePath: string | undefined;

  /** The endpoint's router (and its route's path), for a refusal raised where they were not known (a check of the server factory): the first given stays. */
  onRouter(framework: RouteFramework | undefined, path?: string): this {
    this.router ??= framework;
    this.routePath ??= path;
    return this;
  }
}

/** A refusal whose message is the whole advice (a gateway's): the generic serving entry is not appended. */
export class AdvisedRefusal extends CannotRewrite {}

/**
 * A registry whose records also keep state code reads back by the session id (a credential beside the transport,
 * sweep 19 S2) is not removed with the session routing: the rewrite that would remove it is refused, at the registry.
 */
export function refuseHeldState(registries: readonly SessionStore[]): void {
  const [holding] = registriesHoldingState(registries);
  if (holding) throw new CannotRewrite(heldStateAdvice(holding), holding.declaration ?? holding.accesses[0]!.node, RULE_ID.transportRegistry);
}
