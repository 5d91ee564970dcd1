package lsp

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestLatency measures how long diagnostics take after a save, against
// toolcheck on the same package from the command line. It runs only when
// TOOLCHECK_LSP_LATENCY names a Go file of a module:
//
//	TOOLCHECK_LSP_LATENCY=/path/to/github-mcp-server/pkg/github/actions.go \
//	    go test -run TestLatency -v ./internal/lsp
//
// TOOLCHECK_LSP_RUNS sets the number of saves and command runs (default 5);
// TOOLCHECK_LSP_CLI=0 leaves out the command runs; TOOLCHECK_LSP_PAUSE (a
// duration, default none) waits before each edit, as a person reads the
// diagnostics before the next one.
func TestLatency(t *testing.T) {
	file := os.Getenv("TOOLCHECK_LSP_LATENCY")
	if file == "" {
		t.Skip("set TOOLCHECK_LSP_LATENCY to a Go file of a module to measure")
	}
	runs := 5
	if n, err := strconv.Atoi(os.Getenv("TOOLCHECK_LSP_RUNS")); err == nil && n > 0 {
		runs = n
	}
	bin := toolcheckBinary(t)
	root, err := moduleRoot(file, exists)
	if err != nil {
		t.Fatal(err)
	}
	rel, _ := filepath.Rel(root, filepath.Dir(file))
	pkg := "./" + filepath.ToSlash(rel)

	cmd := exec.Command(bin, "lsp")
	stdin, _ := cmd.StdinPipe()
	stdout, _ := cmd.StdoutPipe()
	logs := &syncWriter{w: new(bytes.Buffer)}
	cmd.Stderr = logs
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	exit := make(chan int, 1)
	go func() { cmd.Wait(); exit <- 0 }()
	c := newTestClient(t, stdin, stdout, exit, logs)
	c.initialize(root, map[string]any{"onChange": false})

	// analysed waits for the run log after from and returns it.
	analysed := func(from int) string {
		m := c.waitAfter(from, "a run", func(m *incoming) bool {
			return m.Method != nil && *m.Method == "window/logMessage" && strings.Contains(string(m.Params), "toolcheck: analysed")
		})
		var p ShowMessageParams
		json.Unmarshal(m.Params, &p)
		return p.Message
	}
	text := readString(t, file)
	start := time.Now()
	c.open(file, 1, text)
	n := len(c.waitDiagnostics(0, file).Diagnostics)
	t.Logf("open: %d diagnostics in %s after %v: %s", n, filepath.Base(file), time.Since(start).Round(time.Millisecond), analysed(0))

	pause, _ := time.ParseDuration(os.Getenv("TOOLCHECK_LSP_PAUSE"))
	var lsp, cli []time.Duration
	for i := 0; i < runs; i++ {
		time.Sleep(pause)
		// An edit and a save, as the buffer (the checkout stays as it is).
		c.change(file, i+2, fmt.Sprintf("%s\n// edit %d\n", text, i+1))
		mark := c.mark()
		start := time.Now()
		c.save(file)
		c.waitDiagnostics(mark, file)
		lsp = append(lsp, time.Since(start))
		t.Logf("save %d: diagnostics after %v: %s%s", i+1, lsp[i].Round(time.Millisecond), analysed(mark), rssOf(cmd.Process.Pid))
		if os.Getenv("TOOLCHECK_LSP_CLI") == "0" {
			continue
		}

		run := exec.Command(bin, pkg)
		run.Dir = root
		start = time.Now()
		out, err := run.CombinedOutput()
		cli = append(cli, time.Since(start))
		if ee, ok := err.(*exec.ExitError); err != nil && (!ok || ee.ExitCode() != 3) {
			t.Fatalf("toolcheck %s: %v\n%s", pkg, err, out)
		}
		rss := ""
		if ru, ok := run.ProcessState.SysUsage().(*syscall.Rusage); ok {
			rss = fmt.Sprintf(", max RSS %d MB", ru.Maxrss/1024)
		}
		t.Logf("toolcheck %s %d: %v, user %v%s", pkg, i+1, cli[i].Round(time.Millisecond), run.ProcessState.UserTime().Round(time.Millisecond), rss)
	}
	t.Logf("diagnostics after a save: median %v, min %v, max %v", median(lsp), minimum(lsp), maximum(lsp))
	if len(cli) > 0 {
		t.Logf("toolcheck %s: median %v, min %v, max %v", pkg, median(cli), minimum(cli), maximum(cli))
	}
	c.shutdown()
}

func median(ds []time.Duration) time.Duration {
	s := append([]time.Duration(nil), ds...)
	sort.Slice(s, func(i, j int) bool { return s[i] < s[j] })
	return s[len(s)/2].Round(time.Millisecond)
}

func minimum(ds []time.Duration) time.Duration {
	s := append([]time.Duration(nil), ds...)
	sort.Slice(s, func(i, j int) bool { return s[i] < s[j] })
	return s[0].Round(time.Millisecond)
}

func maximum(ds []time.Duration) time.Duration {
	s := append([]time.Duration(nil), ds...)
	sort.Slice(s, func(i, j int) bool { return s[i] < s[j] })
	return s[len(s)-1].Round(time.Millisecond)
}

// rssOf returns a process's resident and peak memory, on Linux.
func rssOf(pid int) string {
	status, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		return ""
	}
	var parts []string
	for _, l := range strings.Split(string(status), "\n") {
		if f := strings.Fields(l); len(f) == 3 && (f[0] == "VmRSS:" || f[0] == "VmHWM:") {
			kb, _ := strconv.Atoi(f[1])
			parts = append(parts, fmt.Sprintf("%s %d MB", strings.TrimSuffix(f[0], ":"), kb/1024))
		}
	}
	return "; server " + strings.Join(parts, ", ")
}
