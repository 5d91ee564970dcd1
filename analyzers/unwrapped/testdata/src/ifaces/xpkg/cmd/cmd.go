// Package cmd hands toolsets of other packages to the wrapper.
package cmd

import (
	"ifaces/xpkg/nodes"
	"ifaces/xpkg/pods"
	"ifaces/xpkg/toolset"
	"ifaces/xpkg/wrap"
)

func Serve() {
	s := wrap.New("kube")
	s.Register(pods.New("default"), nodes.Nodes{}) // want `\(\*wrap\.Server\)\.Register registers 2 tools without the tool boundary \("nodes_top", "pods_list"\); install the boundary where the server is built`
}

func ServeGuarded() {
	g := wrap.NewGuarded("kube")
	sets := []toolset.Toolset{pods.New("default"), nodes.Nodes{}}
	g.Register(sets...)
}

// ServeNodes passes one toolset: the other, which the package can see,
// is not registered here.
func ServeNodes() {
	s := wrap.New("kube")
	s.Register(nodes.Nodes{}) // want `\(\*wrap\.Server\)\.Register registers tool "nodes_top" \(handler nodes\.top\) without the tool boundary`
}

// ServePods passes one toolset a constructor returns as the interface.
func ServePods() {
	s := wrap.New("kube")
	s.Register(pods.New("kube-system")) // want `\(\*wrap\.Server\)\.Register registers tool "pods_list" \(handler \(\*pods\.Pods\)\.list\) without the tool boundary`
}

// ServeEach registers each toolset with a call of its own on one server:
// one finding, at the first.
func ServeEach() {
	s := wrap.New("kube")
	s.Register(pods.New("default")) // want `\(\*wrap\.Server\)\.Register registers 2 tools without the tool boundary \("pods_list", "nodes_top"\)`
	s.Register(nodes.Nodes{})
}
