import type { Destination } from '../pipeline';
import type { SchemaInspector } from '../schemaInspector';

/** Schema inspection: each event's property names and types, never its values, so it runs in anonymous mode. */
export function createInspectorDestination(inspector: SchemaInspector): Destination {
  return {
    name: 'schema-inspector',
    needs: 'anonymous',
    send(event) {
      inspector.observe(event.name, event.payload);
    },
  };
}
