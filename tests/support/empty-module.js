// Global stylesheets have no exports.
export default {};
