package render

// TurningChartPicture is the turning chart before it is encoded, for
// tests that read its strings.
var TurningChartPicture = turningChart
