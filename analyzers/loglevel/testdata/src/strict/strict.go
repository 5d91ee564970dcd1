package strict

import (
	"context"
	"errors"
	"io/fs"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"

	"builderkit"
	"errkit"
)

type reader interface{ Read(string) error }

func Register(s *server.MCPServer, r reader) {
	s.AddTool(mcp.NewTool("read"), func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		err := r.Read(req.GetString("path", ""))
		if errors.Is(err, fs.ErrNotExist) {
			return nil, errkit.New("No note there.") // want `on the fs.ErrNotExist path`
		}
		if err != nil {
			return nil, errkit.New("Reading failed.") // want `this ToolError leaves its level to the ERROR default of New; state it`
		}
		if err != nil {
			return nil, &builderkit.ToolError{Message: "Reading failed."} // want `this ToolError leaves its level to the zero value of its Level field \(INFO\); state it`
		}
		if err != nil {
			return nil, errkit.Fault("Reading failed.")
		}
		if err != nil {
			return nil, errkit.CallerError("Reading failed.")
		}
		if err != nil {
			return nil, builderkit.New("Reading failed.").WithLevel(0)
		}
		return nil, nil
	})
}
