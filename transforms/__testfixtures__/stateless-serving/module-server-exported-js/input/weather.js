/** A stand-in for the weather API client: what it returns is all the server needs. */
export async function getWeather(location) {
  return { location, temperature: location.length + 10 };
}
