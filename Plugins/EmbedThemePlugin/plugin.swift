import Foundation
import PackagePlugin

/// Embeds the default theme (`templates/` at the package root) into the JournalCore module,
/// so `journal` finds its theme wherever the binary runs.
///
/// SwiftPM asks a build-tool plugin for its commands only when it plans the build, and it plans
/// again only when the manifest or the list of files under a target's folder changes. So that a
/// theme file added, removed or renamed is noticed, `Sources/JournalCore/DefaultTheme` is a link
/// to `templates/` (excluded from JournalCore's sources): llbuild follows it when it compares the
/// file list, SwiftPM plans again, and this command names exactly the files that exist. (Without
/// that, the command kept naming a deleted file, and the build failed with "missing inputs".)
/// Editing a file changes one of the inputs, so llbuild runs the command again; with no change
/// nothing runs.
@main
struct EmbedThemePlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let themeDirectory = context.package.directoryURL.appending(path: "templates")
        let output = context.pluginWorkDirectoryURL.appending(path: "DefaultTheme.generated.swift")
        // The files EmbedTheme embeds: every regular file, hidden ones left out.
        var inputs: [URL] = []
        let walker = FileManager.default.enumerator(
            at: themeDirectory, includingPropertiesForKeys: [.isRegularFileKey], options: [.skipsHiddenFiles])
        while let url = walker?.nextObject() as? URL {
            if (try? url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true { inputs.append(url) }
        }
        inputs.sort { $0.path < $1.path }
        return [
            .buildCommand(
                displayName: "Embedding the default theme",
                executable: try context.tool(named: "EmbedTheme").url,
                // EmbedTheme lists the folder itself, so the output matches what is on disk.
                arguments: [themeDirectory.path, output.path],
                inputFiles: inputs,
                outputFiles: [output]
            )
        ]
    }
}
