import { defineRule, featureVisitors, specUrl } from '../rule.js';

export default defineRule({
  meta: {
    id: 'server-push/tool-toggle',
    category: 'server-push',
    severity: 'error',
    fix: 'manual',
    summary: '`enable()`/`disable()`/`remove()`/`update()` on a registered tool, prompt or resource; a registration made inside a tool call',
    messages: {
      toggle: '`{{method}}()` changes the list as a side effect of a call; on 2026-07-28 lists must not vary per connection or change as a side effect, and a per-request server forgets it anyway. Register the item unconditionally and make it require a handle (e.g. `connection_id`) that errors until the minting tool was called.',
      registeredInCall:
        '`{{method}}()` runs inside tool {{tools}}: the list changes as a side effect of a call; on 2026-07-28 lists must not vary per connection or change as a side effect, and a per-request server forgets it anyway. Register the item unconditionally (a resource template over what the tool creates, a tool that takes a handle) instead.',
      onHandshake:
        '`{{method}}()` runs from the `{{hook}}` hook, when a client completes the handshake: it configures the item per connection (from what the client said or offered then, such as its roots). 2026-07-28 has no handshake, so it never runs for a 2026-07-28 client, and a per-request server would not keep it. Take that configuration from where it is needed: the server\'s own settings, an argument of the tool, or `inputRequired.listRoots()` inside the tool call.',
      registeredOnTimer:
        '`{{method}}()` runs from a `{{timer}}` callback: the list changes while clients are connected, announced by an unsolicited `list_changed`. On 2026-07-28 a per-request server is built anew for each request and never sees that callback: register the items in the factory (a resource template over the changing set) and publish changes with `handler.notify.*`.',
    },
    spec: specUrl('server/tools'),
  },
  // A registered item's toggle (`enable()`, …) or a registration made while serving, found by `analysis.features`.
  create: (context) => featureVisitors(context, 'tool-toggle'),
});
