import Foundation
import PackagePlugin

/// Embeds the default theme (`templates/` at the package root) into the JournalCore module,
/// so `journal` finds its theme wherever the binary runs.
@main
struct EmbedThemePlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let themeDirectory = context.package.directoryURL.appending(path: "templates")
        let output = context.pluginWorkDirectoryURL.appending(path: "DefaultTheme.generated.swift")
        var inputs: [URL] = []
        if let walker = FileManager.default.enumerator(at: themeDirectory, includingPropertiesForKeys: [.isRegularFileKey]) {
            for case let url as URL in walker {
                let isFile = (try? url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) ?? false
                if isFile { inputs.append(url) }
            }
        }
        inputs.sort { $0.path < $1.path }
        return [
            .buildCommand(
                displayName: "Embedding the default theme",
                executable: try context.tool(named: "EmbedTheme").url,
                arguments: [themeDirectory.path, output.path] + inputs.map(\.path),
                inputFiles: inputs,
                outputFiles: [output]
            )
        ]
    }
}
