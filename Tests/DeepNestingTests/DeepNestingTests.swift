import Testing

/// Issue 38, R13: trees nested far deeper than ``Wireform/ParameterValue``'s limit of 128 levels, through every
/// format, every query style and every operation on a tree, on a small stack. Before the fix each walk recursed
/// once per level, to the bottom, and overflowed the stack (SIGSEGV); now each refuses the tree with the documented
/// error, or (`==`, `hash(into:)`, `description`) works without recursion.
///
/// Serialized: a tree a million levels deep holds some 100 MB, and one at a time is enough.
@Suite(.serialized) struct DeepNestingTests {}
