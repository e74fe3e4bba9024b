import CivilTime
import Foundation

/// What every stage of a build reads and none changes: the options the build was started
/// with (its folders, its `--now`, its workers and progress), the site's configuration with
/// its language packs, the folder it publishes, and the day it counts from. Made once, after
/// the config is read; each stage of `SitePlan+Stages.swift` takes it and what the stage
/// before it made. (The build's database is what the tables stage makes, passed on as such.)
struct BuildContext {
    let options: BuildOptions
    let config: SiteConfig
    /// The folder the build publishes (the config's `output`, or `--output`).
    let outputFolder: URL
    /// The day of `--now` on the wall clock of the site's time zone: what ages, next
    /// birthdays and the calendar count from.
    let today: CalendarDate

    init(options: BuildOptions, config: SiteConfig, outputFolder: URL) {
        self.options = options
        self.config = config
        self.outputFolder = outputFolder
        today = CalendarDate(options.now, in: config.timeZone)
    }

    /// The instant every "today", "ago" and "in N days" is computed from.
    var now: Date { options.now }
}
