/**
 * How the rewritten code builds servers (the serving entry's factory), shared by the modules that find or make one
 * (server-factory.ts, inline-server-factory.ts, routing-helper.ts) and the advice that names it.
 */
import type { ts } from '../../typescript.js';

/** How the rewritten code builds servers: `expression` is handed to the serving entry, `call` builds one server. */
export interface Factory {
  expression: string;
  call: string;
  /** The names the factory uses (the function and its arguments): not custom logic in the route. */
  names: string[];
  /**
   * Made by this rewrite out of a server the code builds once (a module-level server, one in another module): it exists
   * only if the rewrite is kept, so a refusal's advice must not name it as the project's (sweep 13 L5).
   */
  extracted?: boolean;
  /**
   * For a factory extracted from a module-level server: keeps that server too, built by the factory where it was
   * (`const server = createServer();`), for code that stays and still uses it (HTTP+SSE routes kept beside the new
   * entry, sweep 19 S1).
   */
  keepInstance?: () => void;
  /** For a factory made of statements of the route (inline-server-factory.ts): those statements, which leave the route. */
  moved?: readonly ts.Statement[];
}

/** The factory a refusal's advice may name: one the project has (not one only the refused rewrite would have made). */
export function adviceFactory(factory: Factory): string | undefined {
  return factory.extracted ? undefined : factory.expression;
}
