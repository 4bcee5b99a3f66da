// The WireformPropertyListBody module; its serializer lands with its issue.
