import { startListingEarly } from '../features/library/listing/early-start'

// The file list's worker starts fetching (or reading the kept list), and a reload's kept first page is
// read, as soon as the modules this needs have run: before the rest of the screen's code, not after it.
startListingEarly()
