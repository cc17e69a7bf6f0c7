// The catalogue on the server: products read from the database when a request needs them
// (checkout, stock, order lines), turned into products by src/catalogue's row reader.
export { productKeysByName, readCatalogue } from './read.ts';
export { readAvailability } from './availability.ts';
