-- Drives `ledgerc lsp` from Neovim (0.7 or later), headless:
--   LEDGERC_BIN=.build/debug/ledgerc nvim --headless -u NONE -l ... (or -c "luafile ...") FILE
-- Opens FILE, waits for the server's diagnostics and prints them, then asks
-- for completions at the position COMPLETE_AT ("line:character", 0-based)
-- and prints their labels. Output lines go to standard output:
--   diagnostic LINE:COL CODE MESSAGE   (1-based line, 1-based byte column, as Neovim shows them)
--   completion LABEL
--   renamed N                          (with RENAME_AT and RENAME_TO: the files the rename edited)
local bin = os.getenv("LEDGERC_BIN") or "ledgerc"
local file = os.getenv("LEDGER_FILE_TO_OPEN")
local complete_at = os.getenv("COMPLETE_AT")

local function out(line) io.stdout:write(line .. "\n") end

vim.cmd("edit " .. vim.fn.fnameescape(file))
local buf = vim.api.nvim_get_current_buf()
local config = { name = "ledgerc", cmd = { bin, "lsp" }, root_dir = vim.fn.getcwd() }
local client_id
if vim.lsp.start then
  client_id = vim.lsp.start(config)
else
  client_id = vim.lsp.start_client(config)
  vim.lsp.buf_attach_client(buf, client_id)
end
if not client_id then
  out("error: the server did not start")
  vim.cmd("cquit 1")
end

local rename_at, rename_to = os.getenv("RENAME_AT"), os.getenv("RENAME_TO")
if rename_at then
  -- A clean journal has no diagnostics to wait for: wait for the server instead.
  vim.wait(20000, function() local c = vim.lsp.get_client_by_id(client_id); return c and c.initialized end, 50)
else
  local got = vim.wait(20000, function() return #vim.diagnostic.get(buf) > 0 end, 50)
  if not got then out("error: no diagnostics within 20 s") end
end
for _, d in ipairs(vim.diagnostic.get(buf)) do
  local code = d.code or (d.user_data and d.user_data.lsp and d.user_data.lsp.code) or ""
  out(string.format("diagnostic %d:%d %s %s", d.lnum + 1, d.col + 1, code, d.message))
end

if complete_at then
  local line, character = complete_at:match("(%d+):(%d+)")
  local client = vim.lsp.get_client_by_id(client_id)
  local params = { textDocument = { uri = vim.uri_from_bufnr(buf) }, position = { line = tonumber(line), character = tonumber(character) } }
  local response = client.request_sync("textDocument/completion", params, 10000, buf)
  local result = response and response.result
  local items = result and (result.items or result) or {}
  for _, item in ipairs(items) do out("completion " .. item.label) end
end

-- RENAME_AT ("line:character") and RENAME_TO: rename as `:lua vim.lsp.buf.rename()` does,
-- apply the edit to every file it names, write them, and print "renamed FILES".
if rename_at then
  local line, character = rename_at:match("(%d+):(%d+)")
  local client = vim.lsp.get_client_by_id(client_id)
  local params = { textDocument = { uri = vim.uri_from_bufnr(buf) }, position = { line = tonumber(line), character = tonumber(character) }, newName = rename_to }
  local response = client.request_sync("textDocument/rename", params, 10000, buf)
  local edit = response and response.result
  if not edit then out("error: no rename edit") else
    vim.lsp.util.apply_workspace_edit(edit, "utf-16")
    vim.cmd("silent! wall")
    local n = 0
    for _ in pairs(edit.changes or {}) do n = n + 1 end
    out("renamed " .. n)
  end
end

vim.lsp.stop_client(client_id)
vim.cmd("qa!")
