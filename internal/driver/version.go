package driver

import (
	"fmt"
	"runtime/debug"
	"strings"
)

// Version is what the build info says about the program.
type Version struct {
	Module    string // module path
	Version   string // module version: v1.2.3, a pseudo-version, or (devel)
	Revision  string // VCS revision, when the build recorded it
	Time      string // VCS commit time
	Modified  bool   // the work tree had changes
	GoVersion string
}

// ReadVersion reads the running program's build info.
func ReadVersion() Version {
	var v Version
	info, ok := debug.ReadBuildInfo()
	if !ok {
		return Version{Version: "(unknown)"}
	}
	v.Module, v.Version, v.GoVersion = info.Main.Path, info.Main.Version, info.GoVersion
	for _, s := range info.Settings {
		switch s.Key {
		case "vcs.revision":
			v.Revision = s.Value
		case "vcs.time":
			v.Time = s.Value
		case "vcs.modified":
			v.Modified = s.Value == "true"
		}
	}
	if v.Version == "" {
		v.Version = "(devel)"
	}
	return v
}

// Short is the version alone.
func (v Version) Short() string { return v.Version }

// SemVer is the version as a semantic version (semver.org 2.0), as SARIF's
// semanticVersion wants it and its version should start, with a number:
// the module version without its "v" (a pseudo-version is one), or, for
// a build that has none, 0.0.0-devel with the revision, when known, as
// build metadata.
func (v Version) SemVer() string {
	if len(v.Version) > 1 && v.Version[0] == 'v' && v.Version[1] >= '0' && v.Version[1] <= '9' {
		return v.Version[1:]
	}
	s := "0.0.0-devel"
	if v.Revision != "" {
		s += "+" + shortRev(v.Revision)
		if v.Modified {
			s += ".modified"
		}
	}
	return s
}

// ID is one word for go vet's -V=full answer: the version and, when known,
// the revision.
func (v Version) ID() string {
	id := strings.ReplaceAll(v.Version, " ", "")
	if v.Revision != "" {
		id += "+" + shortRev(v.Revision)
		if v.Modified {
			id += "-modified"
		}
	}
	return id
}

// String is the line "toolcheck version" prints after the name.
func (v Version) String() string {
	var sb strings.Builder
	sb.WriteString(v.Version)
	var parts []string
	if v.Module != "" {
		parts = append(parts, v.Module)
	}
	switch {
	case v.Revision != "":
		rev := "revision " + v.Revision
		if v.Time != "" {
			rev += " of " + v.Time
		}
		if v.Modified {
			rev += ", with local changes"
		}
		parts = append(parts, rev)
	default:
		parts = append(parts, "no VCS revision recorded")
	}
	if v.GoVersion != "" {
		parts = append(parts, "built with "+v.GoVersion)
	}
	fmt.Fprintf(&sb, " (%s)", strings.Join(parts, "; "))
	return sb.String()
}

func shortRev(r string) string {
	if len(r) > 12 {
		return r[:12]
	}
	return r
}
