import type { Destination } from '@/lib/tracking/pipeline';
import type { SchemaInspector } from '@/lib/tracking/schemaInspector';

/** Schema inspection: each event's property names and types, never its values; performance (C0002), like the collector. */
export function createInspectorDestination(inspector: SchemaInspector): Destination {
  return {
    name: 'schema-inspector',
    purpose: 'performance',
    send(event) {
      inspector.observe(event.name, event.payload);
    },
    setConsent(consent) {
      // Observed under consent the visitor has now withdrawn: never sent.
      if (!consent.allows.performance) inspector.discard();
    },
  };
}
