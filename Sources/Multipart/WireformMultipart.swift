// The WireformMultipart module; its serializer lands with its issue.
