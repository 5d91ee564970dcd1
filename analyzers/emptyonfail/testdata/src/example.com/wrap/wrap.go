// Package wrap passes a store's results on, across packages.
package wrap

import "example.com/store"

var st = &store.Store{}

// Search returns what store.Search returns.
func Search(q string) ([]store.Note, error) { return st.Search(q) } // want Search:`emptyonfail\(returns \[\]store.Note\{\} on the failure of s.db.Query at store.go:\d+ via \(\*store.Store\).Search\)`

// Safe returns the store's error.
func Safe(q string) ([]store.Note, error) { return st.SearchOK(q) }
