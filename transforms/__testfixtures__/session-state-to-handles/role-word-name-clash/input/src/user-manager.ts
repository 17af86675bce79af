export class UserSessionManager {
  private readonly prefs = new Map<string, { theme: string }>();
  getOrCreate(id: string): { theme: string } {
    let p = this.prefs.get(id);
    if (!p) { p = { theme: "light" }; this.prefs.set(id, p); }
    return p;
  }
}
