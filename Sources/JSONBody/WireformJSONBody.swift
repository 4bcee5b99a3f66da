// The WireformJSONBody module; its serializer lands with its issue.
