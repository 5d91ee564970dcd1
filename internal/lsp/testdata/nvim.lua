-- Drives Neovim's own LSP client against "toolcheck lsp" (TestNeovim):
-- attach to a Go file, record the diagnostics, apply the quick fix at a
-- position through vim.lsp.buf.code_action, save, and record the
-- diagnostics again. Works with Neovim 0.7 (Debian 12) and later.
local bin = os.getenv("TOOLCHECK_BIN")
local root = os.getenv("FIXTURE_ROOT")
local file = os.getenv("TARGET_FILE")
local out = os.getenv("OUT_DIR")
local line = tonumber(os.getenv("FIX_LINE")) -- 1-based
local col = tonumber(os.getenv("FIX_COL")) -- 0-based, in bytes

local function write(name, text)
  local f = assert(io.open(out .. "/" .. name, "w"))
  f:write(text)
  f:close()
end

local function wait(what, ms, cond)
  if not vim.wait(ms, cond, 20) then
    error("timed out waiting for " .. what)
  end
end

local client_id
local ok, err = xpcall(function()
  local published = {}
  local publish = vim.lsp.handlers["textDocument/publishDiagnostics"]
  vim.lsp.handlers["textDocument/publishDiagnostics"] = function(e, result, ctx, config)
    publish(e, result, ctx, config)
    published[result.uri] = (published[result.uri] or 0) + 1
  end
  local messages = {}
  vim.lsp.handlers["window/showMessage"] = function(_, result)
    table.insert(messages, result.message)
  end

  vim.cmd("edit " .. vim.fn.fnameescape(file))
  local buf = vim.api.nvim_get_current_buf()
  local uri = vim.uri_from_bufnr(buf)
  local config = { name = "toolcheck", cmd = { bin, "lsp" }, root_dir = root }
  if vim.lsp.start then
    client_id = vim.lsp.start(config)
  else
    client_id = vim.lsp.start_client(config)
    vim.lsp.buf_attach_client(buf, client_id)
  end

  wait("diagnostics after open", 240000, function() return (published[uri] or 0) >= 1 end)
  write("open.json", vim.fn.json_encode(vim.diagnostic.get(buf)))

  local titles = {}
  vim.ui.select = function(items, _, on_choice)
    for _, item in ipairs(items) do
      table.insert(titles, item[2].title)
    end
    on_choice(items[1], 1)
  end
  vim.api.nvim_win_set_cursor(0, { line, col })
  local tick = vim.api.nvim_buf_get_changedtick(buf)
  if vim.fn.has("nvim-0.8") == 1 then
    vim.lsp.buf.code_action({ context = { only = { "quickfix" } } })
  else
    vim.lsp.buf.code_action({ only = { "quickfix" } })
  end
  wait("the quick fix", 30000, function() return vim.api.nvim_buf_get_changedtick(buf) > tick end)
  write("titles.json", vim.fn.json_encode(titles))

  local before = published[uri]
  vim.cmd("write")
  wait("diagnostics after save", 240000, function() return published[uri] > before end)
  write("saved.json", vim.fn.json_encode(vim.diagnostic.get(buf)))
  write("messages.json", vim.fn.json_encode(messages))
end, debug.traceback)

if not ok then
  write("error.txt", tostring(err))
end
if client_id then
  vim.lsp.stop_client(client_id)
  vim.wait(5000, function() return vim.lsp.get_client_by_id(client_id) == nil end, 20)
end
vim.cmd(ok and "qa!" or "cquit 1")
