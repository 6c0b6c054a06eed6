import Foundation
import JournalCLI

exit(JournalCLI.run(Array(CommandLine.arguments.dropFirst())))
