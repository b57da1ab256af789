//! CSV import of sites, equipment and service history (issue 8 item 5): column mapping, a dry
//! run that lists every row it would reject and why, and one transaction of sync records.
