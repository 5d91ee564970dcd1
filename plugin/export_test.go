package plugin

// WithoutRelated is withoutRelated, for the tests.
var WithoutRelated = withoutRelated
