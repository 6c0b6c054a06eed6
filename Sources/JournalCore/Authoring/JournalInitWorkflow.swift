import Foundation

/// The GitHub Actions workflow `journal init` writes: checkout, the journal tool's action
/// (`action.yml` of its repository, which installs what the tool needs, builds it once per
/// version and builds the site), upload, deploy. With `--sync`, the same workflow also runs every
/// hour: the action syncs and commits the new plays first, and the same run publishes, as a push
/// made with the workflow's own token starts no other workflow (docs/publishing.md).
extension JournalInit {
    /// What a fresh Debian or Ubuntu machine installs to build the tool and draw its cards: the
    /// `apt` provider of every system library Package.swift links (cmark-gfm, librsvg, libvips),
    /// pkg-config, and the fonts cards are drawn in. The action installs them;
    /// `WorkflowPackagesTests` holds this, action.yml and every install line docs/ shows to
    /// Package.swift.
    static let debianPackages = [
        "libcmark-gfm-dev", "libcmark-gfm-extensions-dev", "librsvg2-dev", "libvips-dev", "pkg-config", "fonts-noto-core", "fonts-noto-cjk",
    ]

    /// The action's version a new workflow names: the major version tag, which moves with fixes.
    /// docs/publishing.md says how to pin a commit instead.
    static let actionVersion = "v1"

    /// The minute past each hour the scheduled sync runs at: not on the hour, when GitHub's
    /// scheduler is busiest and drops runs.
    static let syncSchedule = "17 * * * *"

    static func workflow(_ options: Options) -> String {
        let action = "\(options.toolRepository ?? defaultToolRepository)@\(actionVersion)"
        let sync = options.sync
        let services = sync.map(\.serviceName).joined(separator: " and ")
        var secrets: [(name: String, needed: Bool)] = []
        for source in sync where !secrets.contains(where: { $0.name == source.secret.name }) { secrets.append(source.secret) }
        let secretsSaid = secrets.map { "\($0.name) (\($0.needed ? "needed" : "optional"))" }.joined(separator: ", ")
        let header =
            sync.isEmpty
            ? """
            # Builds this journal on every push to main and publishes it to GitHub Pages
            # (Settings -> Pages -> Source: GitHub Actions), with the journal tool's action
            # \(action): it installs what the tool needs, builds the tool once per
            # version (cached) and builds the site. To pin a commit instead of \(actionVersion), see
            # docs/publishing.md of the tool.
            name: Publish the journal
            on:
              push:
                branches: [main]
              workflow_dispatch:

            permissions:
              contents: read
              pages: write
              id-token: write

            concurrency:
              group: pages
              cancel-in-progress: true
            """
            : """
            # Every hour (at 17 past, UTC), on every push to main and when run by hand: brings new
            # plays from \(services) with `journal sync`, commits them (listening/ and new days in
            # content/diary/, only when there are some), builds this journal and publishes it to
            # GitHub Pages (Settings -> Pages -> Source: GitHub Actions), with the journal tool's
            # action \(action). A sync that fails, or a secret that is missing, is
            # said in the run's summary, and the site is still built. To pin a commit instead of
            # \(actionVersion), see docs/publishing.md of the tool.
            # Secrets (Settings -> Secrets and variables -> Actions): \(secretsSaid).
            name: Sync and publish the journal
            on:
              push:
                branches: [main]
              schedule:
                - cron: "\(syncSchedule)"
              workflow_dispatch:

            permissions:
              contents: write
              pages: write
              id-token: write

            # One run at a time, none cancelled: a run stopped between its commit and its push
            # would leave the plays to the next one.
            concurrency:
              group: pages
              cancel-in-progress: false
            """
        let syncLines =
            sync.isEmpty
            ? ""
            : "\n          sync: true\n        env:" + secrets.map { "\n          \($0.name): ${{ secrets.\($0.name) }}" }.joined()
        return header + """


            jobs:
              build:
                runs-on: ubuntu-24.04
                # The action builds the tool with this Swift toolchain.
                container: swift:6.1-noble
                steps:
                  - uses: actions/checkout@v7
                  # Where Pages serves this site (a user site, a project site or a custom domain):
                  # GitHub's own answer, so cards and feeds get the right absolute address.
                  - name: Ask GitHub Pages for the site's address
                    id: pages
                    uses: actions/configure-pages@v6
                  - name: Build the site
                    uses: \(action)
                    with:
                      base-url: ${{ steps.pages.outputs.base_url }}/\(syncLines)
                  - uses: actions/upload-pages-artifact@v5
                    with:
                      path: site

              deploy:
                needs: build
                runs-on: ubuntu-latest
                environment:
                  name: github-pages
                  url: ${{ steps.deployment.outputs.page_url }}
                steps:
                  - id: deployment
                    uses: actions/deploy-pages@v5

            """
    }
}
