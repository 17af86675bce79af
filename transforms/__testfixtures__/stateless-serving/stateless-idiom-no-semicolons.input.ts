/**
 * The v1 stateless idiom in a file written without semicolons and with four-space indents (Doist/todoist-ai's
 * prettier style): the handler declarations and the route apply writes follow the file (no `;`, its indents).
 */
import express from 'express'
import { NodeStreamableHTTPServerTransport } from '@modelcontextprotocol/node'
import { McpServer } from '@modelcontextprotocol/server'

function getMcpServer() {
    const server = new McpServer({ name: 'todo', version: '4.0.0' })
    server.registerTool('add_task', { description: 'Adds a task.' }, async () => ({ content: [{ type: 'text', text: 'ok' }] }))
    return server
}

const app = express()
app.use(express.json())

app.post('/mcp', async (req, res) => {
    const transport = new NodeStreamableHTTPServerTransport({ sessionIdGenerator: undefined })
    const server = getMcpServer()
    await server.connect(transport)
    await transport.handleRequest(req, res, req.body)
})

app.listen(3000)
