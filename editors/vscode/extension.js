// Starts `ledgerc lsp` for ledger files. Everything else (diagnostics,
// completion, hover, formatting, quick fixes) comes from the server.
const vscode = require("vscode");
const { LanguageClient } = require("vscode-languageclient/node");

let client;

function activate(context) {
  const command = vscode.workspace.getConfiguration("ledgerc").get("path") || "ledgerc";
  const server = { command, args: ["lsp"] };
  client = new LanguageClient(
    "ledgerc",
    "ledgerc",
    { run: server, debug: server },
    { documentSelector: [{ scheme: "file", language: "ledger" }, { scheme: "untitled", language: "ledger" }] }
  );
  client.start();
  context.subscriptions.push({ dispose: () => client && client.stop() });
}

function deactivate() {
  return client ? client.stop() : undefined;
}

module.exports = { activate, deactivate };
