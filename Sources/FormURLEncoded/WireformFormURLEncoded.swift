// The WireformFormURLEncoded module; its serializer lands with its issue.
